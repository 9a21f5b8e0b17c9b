/** Stands in for a file imported for its URL (fonts) under jest: the URL webpack would give it. */
module.exports = '/test-stub/file.woff2';
