/**
 * webpack's own global: the nonce webpack gives the elements it creates (chunk `<script>`s);
 * the entry module sets it from the page's CSP nonce before anything else loads.
 */
declare let __webpack_nonce__: string | undefined;
