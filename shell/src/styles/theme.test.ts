import { describe, expect, it } from '@jest/globals';
import { BREAKPOINTS, COLORS } from '@kb/contracts';
import { colors, focusRing, focusRingOnDark, MOBILE_BREAKPOINT_PX, NAVBAR_COMPACT_MAX_PX } from './theme';

const tokenColors: string[] = Object.values(COLORS);

describe('the shell theme', () => {
  it.each(Object.entries(colors))('takes colour %s (%s) from the design tokens', (_name, value) => {
    expect(tokenColors).toContain(value);
  });

  it('uses the site palette of the tokens for text, page and links', () => {
    expect(colors).toMatchObject({ text: COLORS.ink, background: COLORS.background, primary: COLORS.primary });
  });

  it('takes the menu breakpoint and the compact navbar width from the tokens', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(BREAKPOINTS.menu);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
    expect(NAVBAR_COMPACT_MAX_PX).toBe(BREAKPOINTS.navbarCompactMax);
  });

  it('draws the focus ring in the tokens’ colours, light and on dark green', () => {
    expect(focusRing).toContain(COLORS.focus);
    expect(focusRingOnDark).toContain(COLORS.focusOnDark);
  });
});
