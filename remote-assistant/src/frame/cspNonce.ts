/**
 * The nonce of the frame page's Content-Security-Policy, which the server writes into the page
 * as `<meta property="csp-nonce" nonce="…">` (server/src/web/document.ts). Every `<style>`
 * element created at run time must carry it: styled-components finds the element itself,
 * webpack reads `__webpack_nonce__` (set in main.tsx). Read from the element's `nonce`
 * property: the browser blanks the attribute.
 *
 * @returns undefined where no server wrote one (the development server, jest)
 */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}
