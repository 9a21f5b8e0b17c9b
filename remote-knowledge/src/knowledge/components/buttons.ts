import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { colors, focusRing } from '../theme';
import { RADII, SPACE } from '@kb/contracts/tokens';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 2.5rem;
  padding: ${SPACE.xs} ${SPACE.md};
  border-radius: ${RADII.md};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${focusRing}
`;

const primary = css`
  ${base}
  border: 1px solid ${colors.primary};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  &:hover {
    background: ${colors.primaryDark};
  }
`;

/** The primary action as a router link (access a source in the chat). */
export const PrimaryLink = styled(Link)`
  ${primary}
`;

/** The primary action as a button; disabled it reads as unavailable. */
export const PrimaryButton = styled.button`
  ${primary}
  &:disabled {
    cursor: not-allowed;
    border-color: ${colors.disabledSoft};
    background: ${colors.disabledSoft};
    color: ${colors.disabledInk};
  }
`;

/** A secondary, outlined button. */
export const SecondaryButton = styled.button`
  ${base}
  border: 1px solid ${colors.control};
  background: ${colors.surface};
  color: ${colors.text};
  &:hover {
    background: ${colors.background};
  }
`;
