import { createGlobalStyle } from 'styled-components';

/** The shell's palette. Text/background pairs meet WCAG AA (4.5:1) contrast. */
export const colors = {
  primary: '#0f4c45',
  primaryDark: '#0a3631',
  accent: '#d4a017',
  text: '#1c2630',
  muted: '#44515c',
  surface: '#ffffff',
  background: '#f6f4ee',
  border: '#d8d3c4',
} as const;

/** Width under which the navbar collapses and placeholders shorten (px, SPEC.md §9). */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * Widest viewport (px) at which the navbar's one row is tightened (smaller type and spacing):
 * from {@link MOBILE_BREAKPOINT_PX} up to here the full row does not fit in Turkish.
 */
export const NAVBAR_COMPACT_MAX_PX = 1099;

/** Height of the fixed navbar (px); remote pages that fill the viewport subtract it. */
export const NAVBAR_HEIGHT_PX = 64;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif;
    color: ${colors.text};
    background: ${colors.background};
    line-height: 1.5;
  }
  a { color: ${colors.primary}; }
  :focus-visible { outline: 3px solid ${colors.accent}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
