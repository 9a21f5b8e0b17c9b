import { startRemoteListRequest } from './federation/startupRemoteList';

/**
 * The shell's start-up script: its own small webpack build (shell/webpack.config.js), the first
 * script of `index.html` (`defer`, so it runs before `main.js`, which carries the federation
 * runtime and must arrive whole before it runs). It asks for `/remotes.json`, then the first
 * screen's manifests, and once the shell's own scripts have downloaded preloads that screen's
 * remote files (federation/startupRemoteList.ts). It imports nothing shared and touches
 * nothing but those requests; the main bundle takes their responses over.
 */
startRemoteListRequest();
