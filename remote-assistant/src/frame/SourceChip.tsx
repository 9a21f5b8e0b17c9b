import styled from 'styled-components';
import { format } from '@kb/contracts';
import { colors, focusRing } from '../shared/theme';
import type { FrameText } from './messages';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const Chip = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin: 0;
  padding: ${SPACE.xxs} ${SPACE.xxs} ${SPACE.xxs} ${SPACE.sm};
  border: 1px solid ${colors.primary};
  border-radius: ${RADII.pill};
  background: ${colors.primarySoft};
  color: ${colors.primary};
  font-size: ${FONT_SIZES.sm};
  font-weight: 600;
  justify-self: start;
`;

const Remove = styled.button`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${colors.primary};
  font: inherit;
  font-size: 1.2rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${colors.surface};
  }
  ${focusRing}
`;

/** Props of {@link SourceChip}. */
export interface SourceChipProps {
  /** The source's display name in the current language. */
  name: string;
  t: FrameText;
  onRemove(): void;
}

/** "Searching in: <source>" with a button that removes the filter. */
export function SourceChip({ name, t, onRemove }: SourceChipProps) {
  return (
    <Chip>
      <span>{format(t.searchingIn, { source: name })}</span>
      <Remove type="button" aria-label={format(t.removeSource, { source: name })} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </Remove>
    </Chip>
  );
}
