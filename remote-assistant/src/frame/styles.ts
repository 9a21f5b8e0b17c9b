import styled, { createGlobalStyle } from 'styled-components';
import { colors, focusRing, fonts } from '../shared/theme';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

/** Page-wide rules of the frame document (it is a page of its own, not inside the shell). */
export const FrameGlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: ${fonts.body};
    font-size: ${FONT_SIZES.md};
    line-height: 1.5;
    color: ${colors.ink};
    background: ${colors.page};
    -webkit-text-size-adjust: 100%;
  }
`;

/** A filled button in the primary colour. */
export const PrimaryButton = styled.button`
  min-height: 44px;
  padding: 0 20px;
  border: 2px solid ${colors.primary};
  border-radius: ${RADII.md};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${colors.primaryHover};
    border-color: ${colors.primaryHover};
  }
  ${focusRing}
`;

/** An outlined button for secondary actions (Retry). */
export const SecondaryButton = styled.button`
  min-height: 40px;
  padding: 0 ${SPACE.md};
  border: 2px solid ${colors.primary};
  border-radius: ${RADII.md};
  background: ${colors.surface};
  color: ${colors.primary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${colors.primarySoft};
  }
  ${focusRing}
`;
