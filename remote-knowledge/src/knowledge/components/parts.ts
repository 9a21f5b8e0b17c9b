import styled from 'styled-components';
import { colors } from '../theme';
import { FONT_SIZES, RADII } from '@kb/contracts/tokens';

/** The square behind a source's icon, on its card and in its dialog. */
export const IconBox = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 3rem;
  height: 3rem;
  border-radius: ${RADII.md};
  background: ${colors.primarySoft};
  color: ${colors.primary};
`;

/** A list of tags as chips. */
export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 0.1rem 0.55rem;
    border-radius: ${RADII.md};
    background: ${colors.background};
    border: 1px solid ${colors.border};
    font-size: ${FONT_SIZES.xs};
    color: ${colors.text};
  }
`;
