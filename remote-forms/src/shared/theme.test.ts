import { describe, expect, it } from '@jest/globals';
import { COLORS, RADII } from '@kb/contracts/tokens';
import { colors, radii } from './theme';

const tokenColors: string[] = Object.values(COLORS);

describe('the forms theme', () => {
  it.each(Object.entries(colors))('takes colour %s (%s) from the design tokens', (_name, value) => {
    expect(tokenColors).toContain(value);
  });

  it('uses the site palette and corner radii of the tokens', () => {
    expect(colors).toMatchObject({ text: COLORS.ink, primary: COLORS.primary, danger: COLORS.danger });
    expect(radii).toBe(RADII);
  });
});
