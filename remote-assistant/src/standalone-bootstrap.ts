// Standalone development entry: the async boundary lets the shared scope initialise first.
import('./standalone');
