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
 * limit answers to) from the URL; the language comes from the bus. No props.
 */
export default function ChatPage() {
  const [params] = useSearchParams();
  return (
    <Root data-remote-version={REMOTE_VERSION}>
      <AssistantFrame fit="below-navbar" query={params.get('q')} source={params.get('source')} />
    </Root>
  );
}
