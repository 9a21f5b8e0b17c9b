import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { SearchX, Search } from 'lucide-react';
import { format, useLanguage, type SourceCategory } from '@kb/contracts';
import { REMOTE_BUILD_LABEL, REMOTE_VERSION } from '../version';
import { useSources } from './api/useSources';
import { SecondaryButton } from './components/buttons';
import { CategoryFilter } from './components/CategoryFilter';
import { SourceCard } from './components/SourceCard';
import { SourceDetailsDialog } from './components/SourceDetailsDialog';
import { StatCards } from './components/StatCards';
import { VisuallyHidden } from './components/VisuallyHidden';
import { useMessages } from './messages';
import { colors, focusRing, narrow } from './theme';
import { countByCategory, filterSources } from './utils/filterSources';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

/** Sources whose card is not clickable and has no details (SPEC.md §2: the Arabic Quran). */
const INERT_SOURCES: ReadonlySet<string> = new Set(['quran-arabic']);

const Page = styled.section`
  /* The remote does not rely on the host's global reset for its own layout. */
  &,
  & *,
  & *::before,
  & *::after {
    box-sizing: border-box;
  }
  max-width: 80rem;
  margin: 0 auto;
  padding: ${SPACE.xxl} ${SPACE.md} 4rem;
  color: ${colors.text};
  ${narrow} {
    padding: ${SPACE.xl} ${SPACE.md} ${SPACE.xxl};
  }
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${SPACE.lg};
`;

const Intro = styled.header`
  text-align: center;
  h1 {
    margin: 0 0 ${SPACE.sm};
    font-size: clamp(1.9rem, 5vw, 2.75rem);
    line-height: 1.15;
    color: ${colors.primaryDark};
  }
  p {
    max-width: 44rem;
    margin: 0 auto;
    font-size: ${FONT_SIZES.lg};
    color: ${colors.muted};
  }
`;

const SearchBox = styled.div`
  position: relative;
  width: min(100%, 40rem);
  margin: 0 auto;
  svg {
    position: absolute;
    inset-inline-start: 0.9rem;
    top: 50%;
    transform: translateY(-50%);
    color: ${colors.muted};
    pointer-events: none;
  }
`;

const SearchInput = styled.input`
  width: 100%;
  min-height: 3rem;
  padding: 0.7rem ${SPACE.md} 0.7rem 2.75rem;
  padding-inline: 2.75rem ${SPACE.md};
  border: 1px solid ${colors.control};
  border-radius: ${RADII.pill};
  background: ${colors.surface};
  color: ${colors.text};
  font: inherit;
  font-size: ${FONT_SIZES.md};
  ${focusRing}
`;

const Toolbar = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${SPACE.sm};
`;

const ResultCount = styled.p`
  margin: 0;
  color: ${colors.muted};
  font-size: ${FONT_SIZES.sm};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  gap: 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Panel = styled.div<{ $tone: 'plain' | 'danger' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${SPACE.xs};
  padding: 2.5rem ${SPACE.md};
  border: 1px dashed ${(p) => (p.$tone === 'danger' ? colors.danger : colors.border)};
  border-radius: ${RADII.lg};
  background: ${(p) => (p.$tone === 'danger' ? colors.dangerSoft : colors.surface)};
  text-align: center;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    color: ${colors.muted};
  }
`;

const Loading = styled.p`
  margin: ${SPACE.xl} 0;
  text-align: center;
  color: ${colors.muted};
  /* Room for the cards on their way: the stat cards and the footer below start out of view,
     so they do not move in view when the cards arrive. */
  min-height: 100vh;
`;

/**
 * The knowledge remote's exposed page (`./KnowledgePage`, route /knowledge; SPEC.md §2, §4):
 * title, subtitle, the search box, All Categories and the four category badges, the grid of
 * source cards (or the empty state), the three stat cards, and the details dialog. The catalog
 * comes from `GET /api/sources?lang=` in the language of the bus, reloaded on a switch, with
 * loading and error (Retry) states. Routing comes from the host's router.
 */
export default function KnowledgePage(): ReactNode {
  const lang = useLanguage();
  const t = useMessages();
  const { state, retry } = useSources(lang);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<SourceCategory | null>(null);
  // The source whose details are open, and the info button to give focus back to.
  const [open, setOpen] = useState<{ id: string; opener: HTMLElement } | null>(null);
  const searchId = useId();

  const sources = state.sources;
  const shown = sources ? filterSources(sources, { query, category }, lang) : [];
  const details = open === null ? undefined : sources?.find((s) => s.id === open.id);

  const openDetails = (id: string, opener: HTMLElement): void => {
    if (INERT_SOURCES.has(id)) return;
    setOpen({ id, opener });
  };
  const clearFilters = (): void => {
    setQuery('');
    setCategory(null);
  };

  let body: ReactNode;
  if (state.status === 'error') {
    body = (
      <Panel $tone="danger" role="alert">
        <h2>{t.errorTitle}</h2>
        <p>{t.errorHint}</p>
        <SecondaryButton type="button" onClick={retry}>
          {t.retry}
        </SecondaryButton>
      </Panel>
    );
  } else if (!sources) {
    body = (
      <Loading role="status" aria-live="polite">
        {t.loading}
      </Loading>
    );
  } else if (shown.length === 0) {
    body = (
      <Panel $tone="plain">
        <SearchX aria-hidden="true" focusable="false" size={32} />
        <h2>{t.emptyTitle}</h2>
        <p>{t.emptyHint}</p>
        <SecondaryButton type="button" onClick={clearFilters}>
          {t.clearFilters}
        </SecondaryButton>
      </Panel>
    );
  } else {
    body = (
      <Grid aria-label={t.sourcesLabel} aria-busy={state.status === 'loading'}>
        {shown.map((source) => (
          <li key={source.id}>
            <SourceCard source={source} inert={INERT_SOURCES.has(source.id)} onOpenDetails={openDetails} />
          </li>
        ))}
      </Grid>
    );
  }

  return (
    <Page data-remote="knowledge" data-remote-version={REMOTE_VERSION}>
      <Content inert={details !== undefined}>
        <Intro>
          <h1>{t.title}</h1>
          <p>{t.subtitle}</p>
          {REMOTE_BUILD_LABEL !== '' && <small data-build-label="">{REMOTE_BUILD_LABEL}</small>}
        </Intro>
        <Toolbar>
          <SearchBox role="search">
            <VisuallyHidden as="label" htmlFor={searchId}>
              {t.searchLabel}
            </VisuallyHidden>
            <Search aria-hidden="true" focusable="false" size={20} />
            <SearchInput
              id={searchId}
              type="search"
              autoComplete="off"
              spellCheck={false}
              placeholder={t.searchPlaceholder}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </SearchBox>
          <CategoryFilter value={category} counts={sources ? countByCategory(sources) : undefined} onChange={setCategory} />
          {sources && (
            <ResultCount role="status" aria-live="polite">
              {format(t.resultCount, { count: shown.length, total: sources.length })}
            </ResultCount>
          )}
        </Toolbar>
        {body}
        <StatCards />
      </Content>
      {details && (
        <SourceDetailsDialog
          key={details.id}
          source={details}
          lang={lang}
          returnFocusTo={open?.opener ?? null}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}
