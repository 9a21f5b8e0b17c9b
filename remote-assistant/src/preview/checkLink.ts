/** What the request made before showing a same-origin link found. */
export type LinkCheck =
  | {
      readonly ok: true;
      /** The server says it is a PDF (`Content-Type: application/pdf`). */
      readonly pdf: boolean;
    }
  | {
      readonly ok: false;
      /** The HTTP status of an error answer; absent when no answer came (network, or a redirect off the site). */
      readonly status?: number;
    };

/** A function with the shape of {@link checkSameOriginLink} (replaced in tests). */
export type LinkChecker = (href: string, signal: AbortSignal) => Promise<LinkCheck>;

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * Checks a same-origin link before it is framed, because Chromium fires an iframe's `load`
 * even for a page that failed (ARCHITECTURE.md "Preview"): a `HEAD` request (a `GET` whose
 * body is not read when the server refuses `HEAD` with 405 or 501), same-origin mode, so a
 * redirect to another origin fails too.
 *
 * @param href the absolute URL, on the site's own origin
 * @param signal aborts the request; the promise then rejects with the `AbortError`
 * @returns `{ ok: true, pdf }` for a 2xx answer; `{ ok: false, status? }` for anything else
 */
export async function checkSameOriginLink(href: string, signal: AbortSignal): Promise<LinkCheck> {
  const request = (method: 'HEAD' | 'GET') =>
    fetch(href, { method, mode: 'same-origin', credentials: 'same-origin', redirect: 'follow', signal });
  try {
    let response = await request('HEAD');
    if (response.status === 405 || response.status === 501) {
      response = await request('GET');
      void response.body?.cancel().catch(() => undefined);
    }
    if (!response.ok) return { ok: false, status: response.status };
    const type = response.headers.get('Content-Type') ?? '';
    return { ok: true, pdf: type.toLowerCase().startsWith('application/pdf') };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { ok: false };
  }
}
