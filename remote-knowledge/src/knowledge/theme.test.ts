import { describe, expect, it } from '@jest/globals';
import { BREAKPOINTS, COLORS } from '@kb/contracts/tokens';
import { colors, MOBILE_BREAKPOINT_PX, narrow } from './theme';

const tokenColors: string[] = Object.values(COLORS);

describe('the knowledge theme', () => {
  it.each(Object.entries(colors))('takes colour %s (%s) from the design tokens', (_name, value) => {
    expect(tokenColors).toContain(value);
  });

  it('uses the site palette of the tokens', () => {
    expect(colors).toMatchObject({ text: COLORS.ink, background: COLORS.background, primary: COLORS.primary });
  });

  it('switches to the narrow layout under the tokens’ 768 px menu breakpoint', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(BREAKPOINTS.menu);
    expect(narrow).toBe('@media (max-width: 767.98px)');
  });
});
