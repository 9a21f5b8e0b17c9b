import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Database, FileText, Languages } from 'lucide-react';
import { useMessages } from '../messages';
import { colors, narrow } from '../theme';
import { VisuallyHidden } from './VisuallyHidden';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${SPACE.md};
  margin: 0;
  padding: 0;
  list-style: none;
  ${narrow} {
    gap: ${SPACE.xs};
  }
`;

const Stat = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${SPACE.xxs};
  padding: 1.25rem ${SPACE.xs};
  border-radius: ${RADII.lg};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  text-align: center;
  strong {
    font-size: clamp(1.5rem, 5vw, 2.25rem);
    line-height: 1.1;
  }
  span {
    font-size: ${FONT_SIZES.sm};
    overflow-wrap: anywhere;
  }
  ${narrow} {
    padding: ${SPACE.md} ${SPACE.xxs};
  }
`;

/** The three headline figures of SPEC.md §9 (1M AI vectors, 400K contents, 6+ languages). */
export function StatCards(): ReactNode {
  const t = useMessages();
  const headingId = useId();
  const stats = [
    { value: '1M', label: t.statVectors, Icon: Database },
    { value: '400K', label: t.statContents, Icon: FileText },
    { value: '6+', label: t.statLanguages, Icon: Languages },
  ];
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden as="h2" id={headingId}>
        {t.statsLabel}
      </VisuallyHidden>
      <List>
        {stats.map(({ value, label, Icon }) => (
          <Stat key={value}>
            <Icon aria-hidden="true" focusable="false" size={22} />
            <strong>{value}</strong>
            <span>{label}</span>
          </Stat>
        ))}
      </List>
    </section>
  );
}
