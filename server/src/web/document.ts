/**
 * The CSP nonce of a response, written into an HTML document the site serves (the shell's
 * `index.html`, the assistant frame's). The page's own code never sees the header, so the
 * nonce travels in `<meta property="csp-nonce" nonce="…">`, where styled-components (v6 reads
 * that element itself), webpack's `__webpack_nonce__` (set by each entry module) and
 * react-toastify (its `nonce` prop) find it for the `<style>` elements they create. Once
 * the page is parsed the browser blanks the attribute (`getAttribute('nonce')` gives `''`);
 * scripts read the element's `nonce` property.
 */

/** The `<meta>` element carrying `nonce` (base64, so safe inside an attribute). */
export function nonceMeta(nonce: string): string {
  if (!/^[A-Za-z0-9+/]+=*$/.test(nonce)) throw new Error('A CSP nonce must be base64');
  return `<meta property="csp-nonce" nonce="${nonce}">`;
}

/**
 * `html` with {@link nonceMeta} as the first element of its `<head>` (before any script or
 * style sheet the head names). A document built without the element (an older release's
 * frame page) gets it all the same; one without a `<head>` tag gets it right after `<html>`
 * or the doctype, or first, where the HTML parser puts it into the head it implies.
 */
export function withNonceMeta(html: string, nonce: string): string {
  const open = /<head(?:\s[^>]*)?>/i.exec(html) ?? /<html(?:\s[^>]*)?>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html);
  const at = open ? open.index + open[0].length : 0;
  return `${html.slice(0, at)}${nonceMeta(nonce)}${html.slice(at)}`;
}
