import { createGlobalStyle } from 'styled-components';
import { BREAKPOINTS, COLORS, FONTS, FONT_SIZES, LAYOUT, LINE_HEIGHT, RADII, focusRingCss } from '@kb/contracts/tokens';

/**
 * The shell's palette: the site's design tokens (`@kb/contracts/tokens`) under the names the
 * shell's components use. Text/background pairs meet WCAG AA (checked in tokens.test.ts).
 */
export const colors = {
  primary: COLORS.primary,
  primaryDark: COLORS.primaryDark,
  primarySoft: COLORS.primarySoft,
  onPrimary: COLORS.onPrimary,
  accent: COLORS.accent,
  text: COLORS.ink,
  muted: COLORS.muted,
  surface: COLORS.surface,
  background: COLORS.background,
  border: COLORS.border,
  onDark: COLORS.onDark,
  linkOnDark: COLORS.linkOnDark,
  borderOnDark: COLORS.borderOnDark,
  dividerOnDark: COLORS.dividerOnDark,
  noticeInk: COLORS.noticeInk,
  noticeSoft: COLORS.noticeSoft,
  noticeBorder: COLORS.noticeBorder,
  focus: COLORS.focus,
  focusOnDark: COLORS.focusOnDark,
} as const;

/** Width under which the navbar collapses and placeholders shorten (px, SPEC.md §9). */
export const MOBILE_BREAKPOINT_PX = BREAKPOINTS.menu;

/**
 * Widest viewport (px) at which the navbar's one row is tightened (smaller type and spacing):
 * from {@link MOBILE_BREAKPOINT_PX} up to here the full row does not fit in Turkish.
 */
export const NAVBAR_COMPACT_MAX_PX = BREAKPOINTS.navbarCompactMax;

/** Keyboard focus on light backgrounds (the page, cards) and on the navbar's and footer's dark green. */
export const focusRing = focusRingCss();
export const focusRingOnDark = focusRingCss(true);

/** Height of the fixed navbar (px); remote pages that fill the viewport subtract it. */
export const NAVBAR_HEIGHT_PX = LAYOUT.navbarHeightPx;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${FONTS.body};
    color: ${colors.text};
    background: ${colors.background};
    line-height: ${LINE_HEIGHT};
  }
  a { color: ${colors.primary}; }
  :focus-visible { ${focusRing} }
  /* The toasts (react-toastify, one container for the page) in the site's colours, type and
     corners. \`html:root\` outranks the library's own \`:root\` rules whichever style sheet comes
     first; the icon and progress colours are set too, as the library derives them at :root. */
  html:root {
    --toastify-color-success: ${COLORS.success};
    --toastify-color-error: ${COLORS.danger};
    --toastify-color-info: ${COLORS.primary};
    --toastify-color-warning: ${COLORS.noticeInk};
    --toastify-icon-color-success: ${COLORS.success};
    --toastify-icon-color-error: ${COLORS.danger};
    --toastify-icon-color-info: ${COLORS.primary};
    --toastify-icon-color-warning: ${COLORS.noticeInk};
    --toastify-color-progress-success: ${COLORS.success};
    --toastify-color-progress-error: ${COLORS.danger};
    --toastify-color-progress-info: ${COLORS.primary};
    --toastify-color-progress-warning: ${COLORS.noticeInk};
    --toastify-color-light: ${COLORS.surface};
    --toastify-text-color-light: ${COLORS.ink};
    --toastify-font-family: ${FONTS.body};
    --toastify-toast-bd-radius: ${RADII.md};
  }
  .Toastify__toast { font-size: ${FONT_SIZES.md}; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
