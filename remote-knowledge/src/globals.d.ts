/** The release version of this remote build, injected by webpack (`<pkg version>-<8 hex>`). */
declare const __REMOTE_VERSION__: string;
/** The operator's build label (`REMOTE_BUILD_LABEL`), empty when none was given. */
declare const __REMOTE_BUILD_LABEL__: string;
