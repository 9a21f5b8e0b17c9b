/** The release version of this remote build, injected by webpack (`<pkg version>-<8 hex>`). */
declare const __REMOTE_VERSION__: string;
