import styled, { css } from 'styled-components';
import { useLanguage } from '@kb/contracts';
import { frameMessages } from './messages';
import { useAssistantFrame, type AssistantFrameOptions } from './useAssistantFrame';

/** Height of the shell's fixed navbar (px), which /chat keeps above the frame. */
export const NAVBAR_HEIGHT_PX = 64;

/** How much of the viewport the frame takes: all of it, or all below the navbar. */
export type FrameFit = 'viewport' | 'below-navbar';

const Frame = styled.iframe<{ $fit: FrameFit }>`
  display: block;
  width: 100%;
  border: 0;
  ${({ $fit }) =>
    $fit === 'below-navbar'
      ? css`
          height: calc(100vh - ${NAVBAR_HEIGHT_PX}px);
          height: calc(100dvh - ${NAVBAR_HEIGHT_PX}px);
        `
      : css`
          height: 100vh;
          height: 100dvh;
        `}
`;

/** Props of {@link AssistantFrame}. */
export interface AssistantFrameProps extends AssistantFrameOptions {
  fit: FrameFit;
}

/**
 * The assistant frame (`/assistant/index.html`) as an iframe filling the viewport, or the
 * viewport below the 64 px navbar. It receives the language, the source and the pending
 * question as described in {@link useAssistantFrame}. The iframe's title follows the bus language.
 */
export function AssistantFrame({ fit, query, source, onQueryDelivered }: AssistantFrameProps) {
  const t = frameMessages[useLanguage()];
  const { ref, src, onLoad } = useAssistantFrame({ query, source, onQueryDelivered });
  return <Frame ref={ref} src={src} onLoad={onLoad} title={t.frameTitle} $fit={fit} />;
}
