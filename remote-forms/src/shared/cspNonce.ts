/**
 * The nonce of the page's Content-Security-Policy, which the server writes into each page it
 * serves as `<meta property="csp-nonce" nonce="…">` (as the shell's `cspNonce`): react-toastify
 * puts its `<style>` in the page once, with this nonce, from whichever container mounts first.
 * Read from the element's `nonce` property: the browser blanks the attribute.
 *
 * @returns undefined where no server wrote one (the standalone development page, jest)
 */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}
