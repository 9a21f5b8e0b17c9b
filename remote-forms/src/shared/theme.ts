import styled, { css, keyframes } from 'styled-components';

/**
 * Colours of the forms: the site's palette (the shell's), so the remote looks part of the
 * page. Text/background pairs reach WCAG AA (4.5:1); control borders 3:1.
 */
export const colors = {
  primary: '#0f4c45',
  primaryDark: '#0a3631',
  accent: '#d4a017',
  text: '#1c2630',
  muted: '#44515c',
  surface: '#ffffff',
  border: '#d8d3c4',
  control: '#6b7280',
  danger: '#b42318',
  /** Error text on the footer's dark green. */
  dangerOnDark: '#ffc9c2',
  disabled: '#5f6b76',
} as const;

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A small spinning ring for busy buttons; decorative (the button's label says what happens). */
export const Spinner = styled.span.attrs({ 'aria-hidden': true })`
  display: inline-block;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

/** Hidden from sight but read by screen readers. */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** A span read by screen readers only. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

/**
 * The honeypot's wrapper: off-screen, out of the tab order and of the accessibility tree, so
 * people never fill it; bots that fill every field do.
 */
export const HoneypotBox = styled.div.attrs({ 'aria-hidden': true })`
  position: absolute;
  left: -10000px;
  top: auto;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

/** The primary button of a form, with room for the spinner. */
export const PrimaryButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.6rem 1.4rem;
  font: inherit;
  font-weight: 600;
  color: #fff;
  background: ${colors.primary};
  border: 0;
  border-radius: 8px;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${colors.primaryDark};
  }
  &:disabled {
    background: ${colors.disabled};
    cursor: progress;
  }
`;
