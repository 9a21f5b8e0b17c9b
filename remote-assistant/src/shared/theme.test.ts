import { describe, expect, it } from '@jest/globals';
import { BREAKPOINTS, COLORS, FONTS } from '@kb/contracts/tokens';
import { colors, fonts, MOBILE_BREAKPOINT_PX, narrowScreen } from './theme';

const tokenColors: string[] = Object.values(COLORS);

describe('the assistant theme', () => {
  it.each(Object.entries(colors))('takes colour %s (%s) from the design tokens', (_name, value) => {
    expect(tokenColors).toContain(value);
  });

  it('has the site’s primary, focus ring and page colour (no palette of its own)', () => {
    expect(colors).toMatchObject({ primary: COLORS.primary, focus: COLORS.focus, page: COLORS.background, ink: COLORS.ink });
  });

  it('sets body text in the tokens’ font', () => {
    expect(fonts.body).toBe(FONTS.body);
  });

  it('switches to the narrow layout under the tokens’ 768 px menu breakpoint', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(BREAKPOINTS.menu);
    expect(narrowScreen).toBe('(max-width: 767.98px)');
  });
});
