import { ASSISTANT_FRAME_PATH } from '@kb/contracts';

/**
 * This remote's release version (`<package version>-<8 hex>`), shown on the root element of
 * every exposed page as `data-remote-version`. `'dev'` when the build did not inject
 * `__REMOTE_VERSION__` (jest, a bare tsc run).
 */
export const REMOTE_VERSION: string =
  typeof __REMOTE_VERSION__ === 'string' ? __REMOTE_VERSION__ : 'dev';

/**
 * The assistant frame page of this release: `/assistant/<version>/index.html` in a production
 * build, so the frame is always the one of the release the shell loaded from `/remotes.json`
 * (a canary's visitors get the canary's frame, the others the active one's). Where nothing
 * injected it (jest, the standalone dev page): {@link ASSISTANT_FRAME_PATH}, the active release's.
 */
export const FRAME_SRC_PATH: string =
  typeof __ASSISTANT_FRAME_SRC__ === 'string' ? __ASSISTANT_FRAME_SRC__ : ASSISTANT_FRAME_PATH;
