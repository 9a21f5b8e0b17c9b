import { cspNonce } from './cspNonce';

// Before anything else loads, so every element webpack creates carries the page's nonce.
// Only with a nonce: outside webpack (jest, whose pages have none) the global does not exist.
const nonce = cspNonce();
if (nonce) __webpack_nonce__ = nonce;

// `/remotes.json` and the first screen's remote files were asked for by the start-up script
// (src/startup.ts), which index.html runs before this one.

// The async boundary lets the federation runtime negotiate the shared scope before any
// shared module (React, the router, @kb/contracts) is evaluated.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
