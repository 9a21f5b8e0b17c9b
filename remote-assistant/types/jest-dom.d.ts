// Tests import `expect` from '@jest/globals'; this adds the jest-dom matchers
// (toBeInTheDocument, toHaveAttribute, …) to its type.
import '@testing-library/jest-dom/jest-globals';
