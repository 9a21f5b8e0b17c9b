import styled, { css, keyframes } from 'styled-components';
import { COLORS, RADII, SPACE } from '@kb/contracts/tokens';

/**
 * Colours of the forms: the site's design tokens (`@kb/contracts/tokens`, bundled into this
 * remote at build time, so it does not need them in the shell's copy of the contracts) under
 * the names the forms use. Text/background pairs reach WCAG AA; control borders 3:1
 * (tokens.test.ts).
 */
export const colors = {
  primary: COLORS.primary,
  primaryDark: COLORS.primaryDark,
  onPrimary: COLORS.onPrimary,
  accent: COLORS.accent,
  accentBright: COLORS.accentBright,
  accentMuted: COLORS.accentMuted,
  text: COLORS.ink,
  muted: COLORS.muted,
  surface: COLORS.surface,
  border: COLORS.border,
  control: COLORS.control,
  danger: COLORS.danger,
  /** Error text on the footer's dark green. */
  dangerOnDark: COLORS.dangerOnDark,
  disabled: COLORS.disabled,
  /** Text on the footer's dark green (the standalone page's stand-in footer). */
  onDark: COLORS.onDark,
} as const;

/** Corner radii: `md` for buttons and inputs, `lg` for cards and dialogs. */
export const radii = RADII;

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
  gap: ${SPACE.xs};
  min-height: 2.75rem;
  padding: 0.6rem 1.4rem;
  font: inherit;
  font-weight: 600;
  color: ${colors.onPrimary};
  background: ${colors.primary};
  border: 0;
  border-radius: ${radii.md};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${colors.primaryDark};
  }
  &:disabled {
    background: ${colors.disabled};
    cursor: progress;
  }
`;
