import { cspNonce } from './cspNonce';
import { startRemoteListRequest } from './federation/startupRemoteList';

// Before anything else loads, so every element webpack creates carries the page's nonce.
// Only with a nonce: outside webpack (jest, whose pages have none) the global does not exist.
const nonce = cspNonce();
if (nonce) __webpack_nonce__ = nonce;

// Ask for /remotes.json now, while the shared modules below download, not after them.
startRemoteListRequest();

// The async boundary lets the federation runtime negotiate the shared scope before any
// shared module (React, the router, @kb/contracts) is evaluated.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
