import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { SourceCategory } from '@kb/contracts';
import { CATEGORIES } from '../categories';
import { useMessages, type KnowledgeMessages } from '../messages';
import { colors, focusRing } from '../theme';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

/** The message key of each category's label. */
export const CATEGORY_LABEL: Readonly<Record<SourceCategory, keyof KnowledgeMessages>> = {
  religious: 'categoryReligious',
  commentary: 'categoryCommentary',
  hadith: 'categoryHadith',
  contemporary: 'categoryContemporary',
};

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xs};
`;

const Chip = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.45rem;
  min-height: 2.5rem;
  padding: 0.4rem 0.9rem;
  border: 1px solid ${colors.control};
  border-radius: ${RADII.pill};
  background: ${colors.surface};
  color: ${colors.text};
  font: inherit;
  cursor: pointer;
  &:hover {
    border-color: ${colors.primary};
  }
  &[aria-pressed='true'] {
    border-color: ${colors.primary};
    background: ${colors.primary};
    color: ${colors.onPrimary};
  }
  ${focusRing}
`;

const Count = styled.span`
  min-width: 1.5rem;
  padding: 0 0.4rem;
  border-radius: ${RADII.pill};
  background: ${colors.primarySoft};
  color: ${colors.primaryDark};
  font-size: ${FONT_SIZES.xs};
  font-weight: 700;
  text-align: center;
`;

interface CategoryFilterProps {
  /** The chosen category, or `null` for all. */
  value: SourceCategory | null;
  /** Sources per category; `undefined` while the catalog loads (no counts shown). */
  counts: Readonly<Record<SourceCategory, number>> | undefined;
  onChange: (value: SourceCategory | null) => void;
}

/**
 * All Categories plus one toggle button per category with its count (SPEC.md §2, §4). Each is
 * a toggle (`aria-pressed`); pressing the chosen category again turns the filter off.
 */
export function CategoryFilter({ value, counts, onChange }: CategoryFilterProps): ReactNode {
  const t = useMessages();
  return (
    <Group role="group" aria-label={t.categoriesLabel}>
      <Chip type="button" aria-pressed={value === null} onClick={() => onChange(null)}>
        {t.allCategories}
      </Chip>
      {CATEGORIES.map((category) => (
        <Chip
          key={category}
          type="button"
          aria-pressed={value === category}
          data-category={category}
          onClick={() => onChange(value === category ? null : category)}
        >
          {t[CATEGORY_LABEL[category]]}
          {counts && (
            <>
              {' '}
              <Count>{counts[category]}</Count>
            </>
          )}
        </Chip>
      ))}
    </Group>
  );
}
