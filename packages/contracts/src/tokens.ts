/**
 * The design tokens: the site's one palette, spacing scale, radii, type scale, breakpoints and
 * focus ring. The shell, every remote and the server's reading pages take their values from
 * here, so the parts look like one site (issue 21 "Four palettes").
 *
 * Pure constants with no state: a remote imports them from the subpath `@kb/contracts/tokens`,
 * which is not in the federation's shared scope (only the bare `@kb/contracts` is), so webpack
 * bundles them into the remote at build time and the remote never needs the shell's copy to
 * carry them (docs/operations.md "Changing @kb/contracts"). The shell and the server may import
 * them from `@kb/contracts` too (added in 1.5.0).
 */

/**
 * Colours, as `#rrggbb`. Every pair listed in {@link TEXT_CONTRAST_PAIRS} reaches WCAG AA
 * contrast (4.5:1 for text); {@link NON_TEXT_CONTRAST_PAIRS} (control borders, focus rings)
 * reach 3:1. `tokens.test.ts` computes them.
 */
export const COLORS = {
  /** The site's green: links, primary buttons, headings' accents. */
  primary: '#0f4c45',
  /** Hover of primary buttons; the footer's background. */
  primaryDark: '#0a3631',
  /** A light green for selected/hovered items and soft panels. */
  primarySoft: '#e7f0ee',
  /** Text on {@link COLORS.primary} and {@link COLORS.primaryDark}. */
  onPrimary: '#ffffff',
  /** The site's gold: decorative accents, and the buttons that sit on dark green. */
  accent: '#d4a017',
  /** The brighter gold of a button on dark green, hovered. */
  accentBright: '#e5b52a',
  /** A busy/disabled gold button on dark green. */
  accentMuted: '#c9b98a',
  /** Body text. */
  ink: '#1c2630',
  /** Secondary text. */
  muted: '#44515c',
  /** Cards, inputs, panels. */
  surface: '#ffffff',
  /** The page behind everything. */
  background: '#f6f4ee',
  /** Decorative borders and dividers; never the only edge of a control. */
  border: '#d8d3c4',
  /** Borders of inputs and outlined buttons (3:1 or better on white and on the page). */
  control: '#6b7280',
  /** Text on the footer's dark green. */
  onDark: '#f1efe6',
  /** Links on the footer's dark green. */
  linkOnDark: '#ffe9a8',
  /** Outlines of chips on the footer's dark green (decorative). */
  borderOnDark: '#6f8f8a',
  /** Dividers on the footer's dark green (decorative). */
  dividerOnDark: '#2f5f59',
  /** Errors: text, and the background of error toasts. */
  danger: '#b42318',
  dangerSoft: '#fef3f2',
  /** Error text on the footer's dark green. */
  dangerOnDark: '#ffc9c2',
  /** Success: the background of success toasts, confirmation marks. */
  success: '#146c43',
  successSoft: '#e8f5ee',
  /** Notices (warnings, the remote-down panel, highlighted verses). */
  noticeInk: '#5b4300',
  noticeSoft: '#fff4d6',
  noticeBorder: '#d9c48a',
  /** Background of a busy/disabled primary button (white text on it). */
  disabled: '#5f6b76',
  /** Text and background of other disabled controls. */
  disabledInk: '#374151',
  disabledSoft: '#e5e7eb',
  /** Keyboard focus ring on light backgrounds. */
  focus: '#a8780a',
  /** Keyboard focus ring on the dark green of the navbar and the footer. */
  focusOnDark: '#d4a017',
} as const;

/** Name of a colour token. */
export type ColorToken = keyof typeof COLORS;

/**
 * Text colours and the backgrounds they are used on, each needing WCAG AA for normal text
 * (4.5:1). A new text/background combination in any app belongs here first.
 */
export const TEXT_CONTRAST_PAIRS: readonly (readonly [text: ColorToken, background: ColorToken])[] = [
  ['ink', 'background'],
  ['ink', 'surface'],
  ['ink', 'primarySoft'],
  ['muted', 'background'],
  ['muted', 'surface'],
  ['muted', 'primarySoft'],
  ['primary', 'background'],
  ['primary', 'surface'],
  ['primary', 'primarySoft'],
  ['primary', 'noticeSoft'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryDark'],
  ['onPrimary', 'disabled'],
  ['onPrimary', 'danger'],
  ['onPrimary', 'success'],
  ['primaryDark', 'accent'],
  ['primaryDark', 'accentBright'],
  ['primaryDark', 'accentMuted'],
  ['onDark', 'primaryDark'],
  ['linkOnDark', 'primaryDark'],
  ['dangerOnDark', 'primaryDark'],
  ['danger', 'surface'],
  ['danger', 'dangerSoft'],
  ['success', 'successSoft'],
  ['noticeInk', 'noticeSoft'],
  ['noticeInk', 'surface'],
  ['disabledInk', 'disabledSoft'],
];

/** Non-text pairs needing 3:1 (WCAG 1.4.11): control borders and focus rings on their backgrounds. */
export const NON_TEXT_CONTRAST_PAIRS: readonly (readonly [mark: ColorToken, background: ColorToken])[] = [
  ['control', 'surface'],
  ['control', 'background'],
  ['focus', 'surface'],
  ['focus', 'background'],
  ['focus', 'primarySoft'],
  ['focus', 'noticeSoft'],
  ['focusOnDark', 'primary'],
  ['focusOnDark', 'primaryDark'],
];

/** The spacing scale (CSS lengths, rem so it follows the reader's font size). */
export const SPACE = {
  xxs: '0.25rem',
  xs: '0.5rem',
  sm: '0.75rem',
  md: '1rem',
  lg: '1.5rem',
  xl: '2rem',
  xxl: '3rem',
} as const;

/** Corner radii (CSS lengths). `pill` rounds a chip's ends whatever its height. */
export const RADII = {
  sm: '4px',
  md: '8px',
  lg: '12px',
  pill: '999px',
} as const;

/**
 * Shadows (CSS `box-shadow` values), black at low opacity so they suit every surface: a
 * resting card, a raised element (a hovered card, the notices docked at the foot of the
 * viewport) and a modal dialog.
 */
export const SHADOWS = {
  card: '0 2px 10px rgb(0 0 0 / 5%)',
  raised: '0 6px 20px rgb(0 0 0 / 12%)',
  dialog: '0 16px 48px rgb(0 0 0 / 25%)',
} as const;

/** The layer behind a modal dialog: {@link COLORS.primaryDark}, translucent, so every remote's dialogs dim the page alike. */
export const BACKDROP = 'rgb(10 54 49 / 55%)';

/** Font stacks. Arabic passages use `ARABIC_FONT_STACK` (fonts.ts). */
export const FONTS = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
} as const;

/** The type scale (CSS lengths, rem) and the body's line height (unitless). */
export const FONT_SIZES = {
  xs: '0.8125rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  xxl: '1.75rem',
  display: '2.25rem',
} as const;

/** Line height of body text (unitless). */
export const LINE_HEIGHT = 1.5;

/** Breakpoints (CSS px of viewport width). */
export const BREAKPOINTS = {
  /** Under this width screens use their narrow layout and the navbar collapses to a menu (SPEC.md §9). */
  menu: 768,
  /**
   * Widest viewport at which the shell's navbar row is tightened (smaller type and spacing):
   * from {@link BREAKPOINTS.menu} up to here the full row does not fit in Turkish.
   */
  navbarCompactMax: 1099,
} as const;

/** Media query (without `@media`) matching the narrow layout: viewports under {@link BREAKPOINTS.menu}. */
export const NARROW_SCREEN_QUERY = `(max-width: ${BREAKPOINTS.menu - 0.02}px)`;

/**
 * Sizes of the page's fixed chrome, which full-viewport remote pages (/chat, /search?q=,
 * /preview) leave free.
 */
export const LAYOUT = {
  /** Height of the shell's fixed navbar (CSS px). */
  navbarHeightPx: 64,
  /**
   * CSS custom property the shell sets on `<html>` to the height of the release notices docked
   * at the bottom of the viewport (`0px` without any; unset by older shells, so read it as
   * `var(--kb-bottom-dock, 0px)`). A full-viewport page subtracts it, so the notices never cover
   * its last row (the question box).
   */
  bottomDockVar: '--kb-bottom-dock',
} as const;

/** The keyboard focus ring: a solid outline drawn outside the element. */
export const FOCUS_RING = {
  width: '3px',
  offset: '2px',
  color: COLORS.focus,
  colorOnDark: COLORS.focusOnDark,
} as const;

/**
 * CSS declarations of the focus ring, for a `:focus-visible` rule.
 *
 * @param onDark true for elements on the dark green (navbar, footer)
 * @returns `outline: …; outline-offset: …;`
 */
export function focusRingCss(onDark = false): string {
  const color = onDark ? FOCUS_RING.colorOnDark : FOCUS_RING.color;
  return `outline: ${FOCUS_RING.width} solid ${color}; outline-offset: ${FOCUS_RING.offset};`;
}

/** All tokens in one object, for code that passes them around whole. */
export const tokens = {
  colors: COLORS,
  space: SPACE,
  radii: RADII,
  shadows: SHADOWS,
  backdrop: BACKDROP,
  fonts: FONTS,
  fontSizes: FONT_SIZES,
  lineHeight: LINE_HEIGHT,
  breakpoints: BREAKPOINTS,
  narrowScreenQuery: NARROW_SCREEN_QUERY,
  layout: LAYOUT,
  focusRing: FOCUS_RING,
} as const;
