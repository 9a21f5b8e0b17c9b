import { css } from 'styled-components';

/**
 * Colours, fonts and sizes of the assistant's screens. Every text/background pair used here
 * reaches WCAG AA (4.5:1 or better; most pairs are above 7:1), and input borders reach 3:1.
 */
export const colors = {
  ink: '#1b1f24',
  muted: '#4b5563',
  page: '#f5f6f8',
  surface: '#ffffff',
  primary: '#0b5d4b',
  primaryHover: '#08483a',
  onPrimary: '#ffffff',
  primarySoft: '#e7f3ef',
  /** Borders of inputs and buttons (4.8:1 on white). */
  control: '#6b7280',
  /** Decorative dividers only, never the only edge of a control. */
  divider: '#d9dde3',
  danger: '#b42318',
  dangerSoft: '#fef3f2',
  noticeInk: '#5b4300',
  noticeSoft: '#fff7e0',
  disabledInk: '#374151',
  disabledSoft: '#e5e7eb',
  focus: '#1d4ed8',
} as const;

export const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  /**
   * For Arabic passages: the shipped Amiri (`ArabicFontFace`), then any installed naskh. The
   * same text as `ARABIC_FONT_STACK` of `@kb/contracts` 1.3 (checked by arabicFont.test.ts),
   * written out so this remote's pages run on a shell with an older contracts copy.
   */
  arabic: '"Amiri", "Noto Naskh Arabic", "Scheherazade New", "Geeza Pro", "Traditional Arabic", serif',
} as const;

/** Width under which screens use their narrow layout (px), SPEC §9. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Media query matching narrow screens (under {@link MOBILE_BREAKPOINT_PX}). */
export const narrowScreen = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Visible keyboard focus, shared by every interactive element. */
export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;
