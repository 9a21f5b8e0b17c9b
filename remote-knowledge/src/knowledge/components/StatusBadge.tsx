import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { SourceStatus } from '@kb/contracts';
import { useMessages } from '../messages';
import { colors } from '../theme';
import { FONT_SIZES, RADII } from '@kb/contracts/tokens';

const Badge = styled.span<{ $available: boolean }>`
  display: inline-flex;
  align-items: center;
  padding: 0.15rem 0.6rem;
  border-radius: ${RADII.pill};
  font-size: ${FONT_SIZES.xs};
  font-weight: 600;
  white-space: nowrap;
  color: ${(p) => (p.$available ? colors.primaryDark : colors.noticeInk)};
  background: ${(p) => (p.$available ? colors.primarySoft : colors.noticeSoft)};
`;

/** A source's availability: Access Now when it has indexed passages, Coming Soon otherwise. */
export function StatusBadge({ status }: { status: SourceStatus }): ReactNode {
  const t = useMessages();
  const available = status === 'available';
  return (
    <Badge $available={available} data-status={status}>
      {available ? t.statusAvailable : t.statusComingSoon}
    </Badge>
  );
}
