import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Database, FileText, Languages } from 'lucide-react';
import { useMessages } from '../messages';
import { colors, narrow } from '../theme';
import { VisuallyHidden } from './VisuallyHidden';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  ${narrow} {
    gap: 0.5rem;
  }
`;

const Stat = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.25rem;
  padding: 1.25rem 0.5rem;
  border-radius: 12px;
  background: ${colors.primary};
  color: ${colors.onPrimary};
  text-align: center;
  strong {
    font-size: clamp(1.5rem, 5vw, 2.25rem);
    line-height: 1.1;
  }
  span {
    font-size: 0.9rem;
    overflow-wrap: anywhere;
  }
  ${narrow} {
    padding: 1rem 0.25rem;
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
