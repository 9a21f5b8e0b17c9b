import { startRemoteListRequest } from './federation/startupRemoteList';

/**
 * The shell's start-up script: its own small webpack entry (shell/webpack.config.js), the first
 * script of `index.html`, loaded `async` ahead of `main.js` (which carries the federation
 * runtime and must arrive whole before it runs). It asks for `/remotes.json`, then the first
 * screen's manifests, then preloads that screen's remote files, while the shell's own scripts
 * download (federation/startupRemoteList.ts). It imports nothing shared and touches nothing
 * but those requests; the main bundle takes their responses over.
 */
startRemoteListRequest();
