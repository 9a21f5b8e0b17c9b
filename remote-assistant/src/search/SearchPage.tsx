import styled from 'styled-components';
import { useSearchParams } from 'react-router-dom';
import { useLanguage } from '@kb/contracts';
import { AssistantFrame } from '../shared/AssistantFrame';
import { REMOTE_VERSION } from '../shared/remoteVersion';
import { BOTTOM_DOCK, colors, fonts } from '../shared/theme';
import { searchMessages } from './messages';
import { ResultsBar, SearchHeader } from './SearchHeader';
import { SPACE } from '@kb/contracts/tokens';

const Root = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  background: ${colors.page};
  color: ${colors.ink};
  font-family: ${fonts.body};
`;

/** `/search?q=`: the bar home on top, the assistant in the rest of the viewport. */
const Results = styled(Root)`
  display: flex;
  flex-direction: column;
  height: calc(100vh - ${BOTTOM_DOCK});
  height: calc(100dvh - ${BOTTOM_DOCK});
`;

const Empty = styled.main`
  display: grid;
  place-items: center;
  align-content: center;
  gap: ${SPACE.xs};
  padding: 64px ${SPACE.md};
  text-align: center;
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
  p {
    margin: 0;
    color: ${colors.muted};
  }
`;

/**
 * The `/search` screen (federated as `./SearchPage`). With `q` in the URL: a slim bar (logo
 * home, TR/EN) and the assistant frame filling the rest of the viewport, sent the language and
 * `q` (and `source`, when present). Without
 * `q`: the search header and an empty state. No props.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const lang = useLanguage();
  const t = searchMessages[lang];
  const query = params.get('q')?.trim() ?? '';

  if (query.length > 0) {
    return (
      <Results data-remote-version={REMOTE_VERSION}>
        <ResultsBar />
        <AssistantFrame fit="fill" query={query} source={params.get('source')} />
      </Results>
    );
  }
  return (
    <Root data-remote-version={REMOTE_VERSION}>
      <SearchHeader />
      <Empty>
        <h1>{t.emptyTitle}</h1>
        <p>{t.emptyHint}</p>
      </Empty>
    </Root>
  );
}
