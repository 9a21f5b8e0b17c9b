import styled, { css } from 'styled-components';
import { useLanguage } from '@kb/contracts';
import { LAYOUT } from '@kb/contracts/tokens';
import { frameMessages } from './messages';
import { BOTTOM_DOCK } from './theme';
import { useAssistantFrame, type AssistantFrameOptions } from './useAssistantFrame';

/** Height of the shell's fixed navbar (px), which /chat keeps above the frame. */
export const NAVBAR_HEIGHT_PX = LAYOUT.navbarHeightPx;

/**
 * How much of the viewport the frame takes: all below the navbar, or (`fill`) the rest of a
 * column flex container that sets the height (the page's own bar above it).
 */
export type FrameFit = 'below-navbar' | 'fill';

const Frame = styled.iframe<{ $fit: FrameFit }>`
  display: block;
  width: 100%;
  border: 0;
  ${({ $fit }) => {
    switch ($fit) {
      case 'below-navbar':
        return css`
          height: calc(100vh - ${NAVBAR_HEIGHT_PX}px - ${BOTTOM_DOCK});
          height: calc(100dvh - ${NAVBAR_HEIGHT_PX}px - ${BOTTOM_DOCK});
        `;
      case 'fill':
        return css`
          flex: 1 1 auto;
          min-height: 0;
        `;
    }
  }}
`;

/** Props of {@link AssistantFrame}. */
export interface AssistantFrameProps extends AssistantFrameOptions {
  fit: FrameFit;
}

/**
 * The assistant frame of this release (`/assistant/<version>/index.html`) as an iframe filling the viewport below the
 * 64 px navbar and above the shell's release notices, or the rest of its flex column (see {@link FrameFit}). It receives the language, the source and the pending
 * question as described in {@link useAssistantFrame}. The iframe's title follows the bus language.
 */
export function AssistantFrame({ fit, query, source, onQueryDelivered }: AssistantFrameProps) {
  const t = frameMessages[useLanguage()];
  const { ref, src, onLoad } = useAssistantFrame({ query, source, onQueryDelivered });
  return <Frame ref={ref} src={src} onLoad={onLoad} title={t.frameTitle} $fit={fit} />;
}
