import { cspNonce } from './cspNonce';

// Before anything else loads, so every element webpack creates carries the page's nonce.
// (webpack turns `typeof __webpack_nonce__` into "string"; outside webpack, in jest, it is undefined.)
const nonce = cspNonce();
if (nonce && typeof __webpack_nonce__ !== 'undefined') __webpack_nonce__ = nonce;

// The async boundary lets the federation runtime negotiate the shared scope before any
// shared module (React, the router, @kb/contracts) is evaluated.
import('./bootstrap');
