import { css } from 'styled-components';

/**
 * Colours and sizes of the knowledge screen: the site's palette (the shell's), so the remote
 * looks part of the page. Every text/background pair reaches WCAG AA (4.5:1); control borders
 * reach 3:1.
 */
export const colors = {
  primary: '#0f4c45',
  primaryDark: '#0a3631',
  primarySoft: '#e3efec',
  accent: '#d4a017',
  text: '#1c2630',
  muted: '#44515c',
  surface: '#ffffff',
  background: '#f6f4ee',
  /** Decorative borders of cards. */
  border: '#d8d3c4',
  /** Borders of inputs and outlined buttons (3:1 or better on white). */
  control: '#6b7280',
  noticeInk: '#5b4300',
  noticeSoft: '#fff4d6',
  danger: '#b42318',
  dangerSoft: '#fef3f2',
  disabledInk: '#374151',
  disabledSoft: '#e5e7eb',
} as const;

/** Width under which the screen uses its narrow layout (px, SPEC.md §9). */
export const MOBILE_BREAKPOINT_PX = 768;

/** Media query for narrow screens, for styled-components blocks. */
export const narrow = `@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Visible keyboard focus, the site's gold ring. */
export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${colors.accent};
    outline-offset: 2px;
  }
`;
