import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { ArrowRight, Info, Layers } from 'lucide-react';
import { format, type KnowledgeSource } from '@kb/contracts';
import { useMessages } from '../messages';
import { colors, focusRing } from '../theme';
import { PrimaryButton, PrimaryLink } from './buttons';
import { SourceIcon } from './SourceIcon';
import { StatusBadge } from './StatusBadge';
import { chatHref } from './chatHref';
import { IconBox, TagList } from './parts';
import { FONT_SIZES, RADII, SHADOWS, SPACE } from '@kb/contracts/tokens';

const Card = styled.article<{ $clickable: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${SPACE.sm};
  height: 100%;
  padding: 1.25rem;
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: ${RADII.lg};
  box-shadow: ${SHADOWS.card};
  cursor: ${(p) => (p.$clickable ? 'pointer' : 'default')};
  transition:
    box-shadow 0.15s ease,
    border-color 0.15s ease;
  &:hover {
    ${(p) => (p.$clickable ? `border-color: ${colors.primary}; box-shadow: ${SHADOWS.raised};` : '')}
  }
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${SPACE.xs};
`;

const Badges = styled.span`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.35rem;
`;

const DetailsBadge = styled.span`
  padding: 0.15rem 0.6rem;
  border: 1px solid ${colors.control};
  border-radius: ${RADII.pill};
  font-size: ${FONT_SIZES.xs};
  color: ${colors.muted};
  white-space: nowrap;
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.2rem;
  line-height: 1.3;
  color: ${colors.primaryDark};
`;

const Description = styled.p`
  margin: 0;
  color: ${colors.muted};
  font-size: ${FONT_SIZES.md};
`;

const Count = styled.p`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  margin: 0;
  font-weight: 600;
  color: ${colors.text};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${SPACE.xs};
  margin-top: auto;
  padding-top: ${SPACE.xxs};
  > :first-child {
    flex: 1;
  }
`;

const InfoButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 2.5rem;
  height: 2.5rem;
  border: 1px solid ${colors.control};
  border-radius: ${RADII.md};
  background: ${colors.surface};
  color: ${colors.primary};
  cursor: pointer;
  &:hover {
    background: ${colors.primarySoft};
  }
  ${focusRing}
`;

interface SourceCardProps {
  source: KnowledgeSource;
  /**
   * An inert card (the Arabic Quran, SPEC.md §2) is not clickable and has no details: no
   * Details badge, no access or info button.
   */
  inert: boolean;
  /** Opens the details dialog; `opener` is the card's info button, where focus returns. */
  onOpenDetails: (id: string, opener: HTMLElement) => void;
}

/**
 * One source of the catalog: icon, availability and Details badges, title, description, size,
 * tags, the access link to `/chat?source=<id>` (a disabled button while the source has no
 * indexed passages) and the info button that opens the details dialog. A click anywhere else
 * on the card opens the details too; keyboard users have the info button.
 */
export function SourceCard({ source, inert, onOpenDetails }: SourceCardProps): ReactNode {
  const t = useMessages();
  const titleId = useId();
  const infoRef = useRef<HTMLButtonElement>(null);
  const available = source.status === 'available';

  const onCardClick = (event: MouseEvent<HTMLElement>): void => {
    if (inert || !(event.target instanceof Element) || event.target.closest('a, button')) return;
    // Selecting text on the card is not a request for details.
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    if (infoRef.current) onOpenDetails(source.id, infoRef.current);
  };

  return (
    <Card
      aria-labelledby={titleId}
      data-source-id={source.id}
      data-inert={inert ? 'true' : undefined}
      $clickable={!inert}
      onClick={inert ? undefined : onCardClick}
    >
      <Top>
        <IconBox>
          <SourceIcon name={source.icon} />
        </IconBox>
        <Badges>
          <StatusBadge status={source.status} />
          {/* Visual cue only: the info button below is the accessible way to the details. */}
          {!inert && <DetailsBadge aria-hidden="true">{t.detailsBadge}</DetailsBadge>}
        </Badges>
      </Top>
      <Title id={titleId}>{source.title}</Title>
      <Description>{source.description}</Description>
      <Count>
        <Layers aria-hidden="true" focusable="false" size={18} />
        {source.sourceCount}
      </Count>
      <TagList aria-label={t.dialogTags}>
        {source.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </TagList>
      {!inert && (
        <Actions>
          {available ? (
            <PrimaryLink to={chatHref(source.id)} aria-label={format(t.accessLabel, { title: source.title })}>
              {t.access}
              <ArrowRight aria-hidden="true" focusable="false" size={18} />
            </PrimaryLink>
          ) : (
            <PrimaryButton type="button" disabled aria-label={format(t.accessLabel, { title: source.title })}>
              {t.access}
            </PrimaryButton>
          )}
          <InfoButton
            ref={infoRef}
            type="button"
            aria-label={format(t.detailsLabel, { title: source.title })}
            aria-haspopup="dialog"
            onClick={(event) => onOpenDetails(source.id, event.currentTarget)}
          >
            <Info aria-hidden="true" focusable="false" size={20} />
          </InfoButton>
        </Actions>
      )}
    </Card>
  );
}
