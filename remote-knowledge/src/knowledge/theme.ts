import { css } from 'styled-components';
import { BREAKPOINTS, COLORS, NARROW_SCREEN_QUERY, focusRingCss } from '@kb/contracts/tokens';

/**
 * Colours and sizes of the knowledge screen: the site's design tokens (`@kb/contracts/tokens`,
 * bundled into this remote at build time, so it does not need them in the shell's copy of the
 * contracts) under the names this screen's components use. Text/background pairs reach WCAG AA
 * and control borders 3:1 (tokens.test.ts).
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
  /** Decorative borders of cards. */
  border: COLORS.border,
  /** Borders of inputs and outlined buttons (3:1 or better on white). */
  control: COLORS.control,
  noticeInk: COLORS.noticeInk,
  noticeSoft: COLORS.noticeSoft,
  danger: COLORS.danger,
  dangerSoft: COLORS.dangerSoft,
  disabledInk: COLORS.disabledInk,
  disabledSoft: COLORS.disabledSoft,
} as const;

/** Width under which the screen uses its narrow layout (px, SPEC.md §9). */
export const MOBILE_BREAKPOINT_PX = BREAKPOINTS.menu;

/** Media query for narrow screens, for styled-components blocks. */
export const narrow = `@media ${NARROW_SCREEN_QUERY}`;

/** Visible keyboard focus, the site's ring. */
export const focusRing = css`
  &:focus-visible {
    ${focusRingCss()}
  }
`;
