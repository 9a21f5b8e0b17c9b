/**
 * This remote's release version, `<package version>-<8 hex>`, injected by webpack's
 * DefinePlugin. Read it through `REMOTE_VERSION` (src/shared/remoteVersion.ts), which falls
 * back to `'dev'` where nothing injected it (jest).
 */
declare const __REMOTE_VERSION__: string;

/**
 * Path of this release's assistant frame page, injected by webpack's DefinePlugin:
 * `/assistant/<version>/index.html` in a production build. Read it through `FRAME_SRC_PATH`
 * (src/shared/remoteVersion.ts).
 */
declare const __ASSISTANT_FRAME_SRC__: string;

/** A font file imported for its URL (webpack `asset/resource`; a stub string under jest). */
declare module '*.woff2' {
  const url: string;
  export default url;
}
