import { useCallback } from 'react';
import styled from 'styled-components';
import { useSearchParams } from 'react-router-dom';
import { AssistantFrame } from '../shared/AssistantFrame';
import { REMOTE_VERSION } from '../shared/remoteVersion';

const Root = styled.div`
  width: 100%;
`;

/**
 * The `/chat` screen (federated as `./ChatPage`): the assistant frame filling the viewport
 * below the shell's navbar. Reads `q` (a question to ask once) and `source` (a catalog id to
 * limit answers to) from the URL; the language comes from the bus. Once `q` is sent to the
 * frame it is removed from the URL (the history entry is replaced, the rest of the URL kept):
 * the frame keeps the conversation itself, so a reload shows it without asking again. No props.
 */
export default function ChatPage() {
  const [params, setParams] = useSearchParams();
  const consumeQuery = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return (
    <Root data-remote-version={REMOTE_VERSION}>
      <AssistantFrame
        fit="below-navbar"
        query={params.get('q')}
        source={params.get('source')}
        onQueryDelivered={consumeQuery}
      />
    </Root>
  );
}
