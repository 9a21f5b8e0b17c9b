/** This build's release version (`data-remote-version` on the remote's root element); `dev` under jest. */
export const REMOTE_VERSION: string = typeof __REMOTE_VERSION__ === 'string' ? __REMOTE_VERSION__ : 'dev';
