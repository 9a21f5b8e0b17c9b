import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { KnowledgeSource, Lang } from '@kb/contracts';
import { useMessages } from '../messages';
import { colors, narrow } from '../theme';
import { PrimaryButton, PrimaryLink, SecondaryButton } from './buttons';
import { chatHref } from './chatHref';
import { IconBox, TagList } from './parts';
import { SourceIcon } from './SourceIcon';
import { StatusBadge } from './StatusBadge';
import { BACKDROP, FONT_SIZES, RADII, SHADOWS, SPACE } from '@kb/contracts/tokens';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  /* Above the shell's fixed navbar (z-index 100). */
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${SPACE.md};
  background: ${BACKDROP};
  ${narrow} {
    align-items: flex-end;
    padding: ${SPACE.xs};
  }
`;

const Panel = styled.div`
  width: min(100%, 36rem);
  max-height: calc(100vh - 2rem);
  max-height: calc(100dvh - 2rem);
  overflow-y: auto;
  padding: ${SPACE.lg};
  border-radius: ${RADII.lg};
  background: ${colors.surface};
  color: ${colors.text};
  box-shadow: ${SHADOWS.dialog};
  &:focus {
    outline: none;
  }
  ${narrow} {
    padding: 1.25rem ${SPACE.md};
    max-height: calc(100dvh - 1rem);
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${SPACE.sm};
  margin-bottom: ${SPACE.sm};
  h2 {
    margin: 0;
    font-size: ${FONT_SIZES.xl};
    color: ${colors.primaryDark};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem ${SPACE.md};
  margin: ${SPACE.md} 0;
  dt {
    color: ${colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const SectionTitle = styled.h3`
  margin: ${SPACE.md} 0 0.4rem;
  font-size: ${FONT_SIZES.md};
`;

const Detailed = styled.ul`
  margin: 0;
  padding-inline-start: 1.25rem;
  li + li {
    margin-top: 0.2rem;
  }
`;

const Notice = styled.p`
  margin: ${SPACE.md} 0 0;
  padding: 0.6rem 0.8rem;
  border-radius: ${RADII.md};
  background: ${colors.noticeSoft};
  color: ${colors.noticeInk};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${SPACE.xs};
  margin-top: ${SPACE.lg};
  ${narrow} {
    > * {
      flex: 1 1 100%;
    }
  }
`;

/** Elements Tab may reach inside the dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface SourceDetailsDialogProps {
  source: KnowledgeSource;
  lang: Lang;
  /** Where focus goes back when the dialog closes (the info button that opened it). */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
}

/**
 * The details of one source in a modal dialog (SPEC.md §2): description, collection size,
 * status, indexed passages, detailed sources, tags, the access link to `/chat?source=<id>`
 * (which also closes the dialog) and Close. Focus moves into the dialog, Tab and Shift+Tab
 * cycle inside it, Escape or a click on the backdrop closes it, and focus returns to
 * `returnFocusTo`. The page scroll is locked while it is open.
 */
export function SourceDetailsDialog({ source, lang, returnFocusTo, onClose }: SourceDetailsDialogProps): ReactNode {
  const t = useMessages();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const returnRef = useRef(returnFocusTo);
  const available = source.status === 'available';

  useEffect(() => {
    const opener = returnRef.current;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panelRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const numbers = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-US');

  return (
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-source-id={source.id}
      >
        <Header>
          <IconBox>
            <SourceIcon name={source.icon} />
          </IconBox>
          <h2 id={titleId}>{source.title}</h2>
        </Header>
        <p id={descriptionId}>{source.description}</p>
        <Facts>
          <dt>{t.dialogCount}</dt>
          <dd>{source.sourceCount}</dd>
          <dt>{t.dialogStatus}</dt>
          <dd>
            <StatusBadge status={source.status} />
          </dd>
          <dt>{t.dialogIndexed}</dt>
          <dd>{numbers.format(source.indexedPassages)}</dd>
        </Facts>
        <SectionTitle>{t.dialogDetailed}</SectionTitle>
        <Detailed>
          {source.detailedSources.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Detailed>
        <SectionTitle>{t.dialogTags}</SectionTitle>
        <TagList>
          {source.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </TagList>
        {!available && <Notice>{t.notIndexedYet}</Notice>}
        <Footer>
          {available ? (
            <PrimaryLink to={chatHref(source.id)} onClick={onClose}>
              {t.access}
            </PrimaryLink>
          ) : (
            <PrimaryButton type="button" disabled>
              {t.access}
            </PrimaryButton>
          )}
          <SecondaryButton type="button" onClick={onClose}>
            {t.close}
          </SecondaryButton>
        </Footer>
      </Panel>
    </Backdrop>
  );
}
