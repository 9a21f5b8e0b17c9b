import { css } from 'styled-components';
import { BREAKPOINTS, COLORS, FONTS, LAYOUT, NARROW_SCREEN_QUERY, focusRingCss } from '@kb/contracts/tokens';

/**
 * Colours of the assistant's screens: the site's design tokens (`@kb/contracts/tokens`,
 * bundled into this remote at build time, so it does not need them in the shell's copy of the
 * contracts) under the names this remote's components use. Text/background pairs reach WCAG AA
 * and input borders 3:1 (tokens.test.ts).
 */
export const colors = {
  ink: COLORS.ink,
  muted: COLORS.muted,
  page: COLORS.background,
  surface: COLORS.surface,
  primary: COLORS.primary,
  primaryHover: COLORS.primaryDark,
  onPrimary: COLORS.onPrimary,
  primarySoft: COLORS.primarySoft,
  /** Borders of inputs and buttons. */
  control: COLORS.control,
  /** Decorative dividers only, never the only edge of a control. */
  divider: COLORS.border,
  danger: COLORS.danger,
  dangerSoft: COLORS.dangerSoft,
  noticeInk: COLORS.noticeInk,
  noticeSoft: COLORS.noticeSoft,
  disabledInk: COLORS.disabledInk,
  disabledSoft: COLORS.disabledSoft,
  focus: COLORS.focus,
} as const;

export const fonts = {
  body: FONTS.body,
  /**
   * For Arabic passages: the shipped Amiri (`ArabicFontFace`), then any installed naskh. The
   * same text as `ARABIC_FONT_STACK` of `@kb/contracts` 1.3 (checked by arabicFont.test.ts),
   * written out so this remote's pages run on a shell with an older contracts copy.
   */
  arabic: '"Amiri", "Noto Naskh Arabic", "Scheherazade New", "Geeza Pro", "Traditional Arabic", serif',
} as const;

/** Width under which screens use their narrow layout (px), SPEC §9. */
export const MOBILE_BREAKPOINT_PX = BREAKPOINTS.menu;

/** Media query matching narrow screens (under {@link MOBILE_BREAKPOINT_PX}). */
export const narrowScreen = NARROW_SCREEN_QUERY;

/**
 * What the shell's release notices take at the bottom of the viewport (`0px` without any, and
 * on shells that do not set it): full-viewport pages subtract it so the notices cover nothing.
 */
export const BOTTOM_DOCK = `var(${LAYOUT.bottomDockVar}, 0px)`;

/** Visible keyboard focus, shared by every interactive element. */
export const focusRing = css`
  &:focus-visible {
    ${focusRingCss()}
  }
`;
