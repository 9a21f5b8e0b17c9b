/** Why a link is never shown in the preview. */
export type RefusalReason =
  /** `javascript:` — it would run script. */
  | 'script'
  /** `data:` — content carried in the link itself. */
  | 'data'
  /** `file:` — a file on the visitor's own device. */
  | 'file'
  /** Any other scheme that is not `http:`/`https:` (`blob:`, `about:`, `ftp:`, `mailto:` …). */
  | 'scheme'
  /** Not a URL at all (`http://exa mple.org`, `https://`). */
  | 'malformed'
  /** An `http(s)` URL whose origin is neither the site's nor on the allowlist. */
  | 'foreign';

/** What the preview may do with a `link`. */
export type LinkVerdict =
  | {
      readonly kind: 'allowed';
      /** The absolute URL (relative links resolve against the site's origin). */
      readonly href: string;
      /** On the site's own origin: checked with a request before it is shown. */
      readonly sameOrigin: boolean;
      /** Looks like a PDF from its address alone (see {@link looksLikePdf}). */
      readonly pdf: boolean;
    }
  | {
      readonly kind: 'refused';
      readonly reason: RefusalReason;
      /** For a `foreign` link only: its absolute `http(s)` URL, safe to open in a new tab. */
      readonly href?: string;
      /** For a `foreign` link only: its origin, to name it. */
      readonly origin?: string;
    };

/**
 * True when the URL's path names a PDF (`…/file.pdf`, any case). The query is not looked at:
 * `viewer.html?file=a.pdf` is a page that shows a PDF, not a PDF.
 */
export function looksLikePdf(url: URL): boolean {
  return /\.pdf$/i.test(url.pathname);
}

/**
 * Decides whether `/preview` may show `link` (ARCHITECTURE.md "Preview"): only `http:` and
 * `https:` URLs whose origin is `ownOrigin` or one of `allowedOrigins`. The URL is parsed the
 * way the browser would (so `JaVaScRiPt:`, leading spaces or tabs inside the scheme are still
 * caught); a relative link resolves against `ownOrigin`, and `//host/x` is another host.
 *
 * @param link the `link` query parameter as given
 * @param ownOrigin the site's origin, e.g. `https://example.org` (`window.location.origin`)
 * @param allowedOrigins further origins the preview may show (from the server), each an origin
 *   string; entries that are not origins never match
 * @returns `allowed` with the absolute URL, or `refused` with the reason; never throws
 */
export function classifyLink(link: string, ownOrigin: string, allowedOrigins: readonly string[]): LinkVerdict {
  let url: URL;
  try {
    url = new URL(link, ownOrigin);
  } catch {
    return { kind: 'refused', reason: 'malformed' };
  }
  switch (url.protocol) {
    case 'http:':
    case 'https:':
      break;
    case 'javascript:':
      return { kind: 'refused', reason: 'script' };
    case 'data:':
      return { kind: 'refused', reason: 'data' };
    case 'file:':
      return { kind: 'refused', reason: 'file' };
    default:
      return { kind: 'refused', reason: 'scheme' };
  }
  if (url.hostname === '') return { kind: 'refused', reason: 'malformed' };
  const sameOrigin = url.origin === ownOrigin;
  if (!sameOrigin && !allowedOrigins.includes(url.origin)) {
    return { kind: 'refused', reason: 'foreign', href: url.href, origin: url.origin };
  }
  return { kind: 'allowed', href: url.href, sameOrigin, pdf: looksLikePdf(url) };
}

/**
 * True when `link` would need the allowlist to be decided: an `http(s)` URL on another
 * origin than `ownOrigin`. Everything else is decided without it.
 */
export function needsAllowlist(link: string, ownOrigin: string): boolean {
  const verdict = classifyLink(link, ownOrigin, []);
  return verdict.kind === 'refused' && verdict.reason === 'foreign';
}
