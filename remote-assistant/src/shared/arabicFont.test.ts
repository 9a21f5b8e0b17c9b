import { describe, expect, it } from '@jest/globals';
import { ARABIC_FONT_STACK } from '@kb/contracts';
import { fonts } from './theme';

describe('fonts.arabic', () => {
  it('is the contracts’ Arabic stack: the shipped family first, so the frame’s @font-face applies', () => {
    expect(fonts.arabic).toBe(ARABIC_FONT_STACK);
  });
});
