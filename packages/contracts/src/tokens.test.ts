import { COLORS, NON_TEXT_CONTRAST_PAIRS, TEXT_CONTRAST_PAIRS, focusRingCss, NARROW_SCREEN_QUERY } from './tokens.js';
import * as contracts from './index.js';

/** WCAG 2.x relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const linear = (i: number): number => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

describe('design tokens', () => {
  it('computes contrast the WCAG way (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#0f4c45', '#0f4c45')).toBe(1);
  });

  it('writes every colour as #rrggbb', () => {
    for (const value of Object.values(COLORS)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each(TEXT_CONTRAST_PAIRS)('text %s on %s reaches WCAG AA (4.5:1)', (text, background) => {
    expect(contrast(COLORS[text], COLORS[background])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_CONTRAST_PAIRS)('%s on %s reaches 3:1 (WCAG 1.4.11)', (mark, background) => {
    expect(contrast(COLORS[mark], COLORS[background])).toBeGreaterThanOrEqual(3);
  });

  it('keeps the 768 px menu breakpoint of SPEC §9 in the narrow-screen query', () => {
    expect(NARROW_SCREEN_QUERY).toBe('(max-width: 767.98px)');
  });

  it('writes the focus ring for light and dark backgrounds', () => {
    expect(focusRingCss()).toBe(`outline: 3px solid ${COLORS.focus}; outline-offset: 2px;`);
    expect(focusRingCss(true)).toBe(`outline: 3px solid ${COLORS.focusOnDark}; outline-offset: 2px;`);
  });

  it('is exported at run time from the package entry point', () => {
    expect(contracts.COLORS).toBe(COLORS);
    expect(contracts.tokens.breakpoints.menu).toBe(768);
  });
});
