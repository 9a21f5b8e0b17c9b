import crypto from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Logger } from '../logger.js';

/**
 * The site's security headers: a Content-Security-Policy with a fresh nonce per response, HSTS
 * over HTTPS, `Referrer-Policy`, `X-Content-Type-Options`, `Permissions-Policy` and helmet's
 * other defaults. One policy serves every page; a route whose library needs more (ReDoc, the
 * reading pages' fixed style sheet) widens it for its own responses with {@link pagePolicy}.
 */

/** A Content-Security-Policy: directive name → its sources (an empty list for a bare directive). */
export type Directives = Readonly<Record<string, readonly string[]>>;

/**
 * Features no page of the site uses, denied to the pages and to every frame they embed (the
 * assistant frame, previewed documents). Only features Chromium knows: it reports an unknown
 * name on the console of every page. `clipboard-write` stays allowed (the assistant's Copy
 * button).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * `Referrer-Policy`. Page URLs carry questions (`/chat?q=`, `/search?q=`) and previewed links;
 * `strict-origin-when-cross-origin` sends other sites (a source's page, a previewed document,
 * the knowledge origin) the site's origin only, never a path or query, and nothing over a
 * downgrade to HTTP, while the site's own requests keep their full referrer and an `Origin`
 * header the same-origin check accepts (`no-referrer` turns a same-origin POST's `Origin`
 * into `null` in some browsers).
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** `max-age` of HSTS (s): 180 days. Subdomains are not the site's to pin. */
export const HSTS_MAX_AGE_S = 15_552_000;

/** How long the release origins read from the registry are reused (ms). */
export const RELEASE_ORIGINS_TTL_MS = 10_000;

const NONCE_KEY = 'cspNonce';
const DIRECTIVES_KEY = 'cspDirectives';

/** What the site's policy is built from. */
export interface SitePolicyInput {
  /** This response's nonce (base64). */
  nonce: string;
  /** `PREVIEW_ALLOWED_ORIGINS`: origins `/preview` may frame and PDF.js may download from. */
  previewAllowedOrigins: readonly string[];
  /** Origins other than the site's that serve remote releases (a CDN), e.g. `https://cdn.example`. */
  releaseOrigins: readonly string[];
  /** True when the site is served over HTTPS (`PUBLIC_ORIGIN`). */
  https: boolean;
}

/**
 * The site's Content-Security-Policy, in the order it is sent:
 * - scripts only from the site and from the origins of recorded remote releases (the shell
 *   loads a CDN release's `remoteEntry.js` and chunks with `<script>` tags); no inline script,
 *   no `eval`;
 * - style sheets from the site, and `<style>` elements only with this response's nonce
 *   (styled-components and react-toastify create them at run time and read the nonce from the
 *   page's `<meta property="csp-nonce">`); no inline `style` attributes (React sets styles
 *   through the CSSOM, which a policy does not govern);
 * - `connect-src`: the API, `/remotes.json`, a CDN release's `mf-manifest.json`, and the
 *   preview allowlist (PDF.js downloads an allowlisted PDF);
 * - `frame-src`: the assistant frame and `/preview`'s allowlist (ARCHITECTURE.md "Preview");
 * - `worker-src`: PDF.js's worker, a file of the assistant release. When a release lives on
 *   another origin PDF.js starts it through a `blob:` wrapper (a worker script must be
 *   same-origin), so `blob:` is added then and only then;
 * - `frame-ancestors 'self'`: only the site may frame its pages (the assistant frame included);
 * - `upgrade-insecure-requests` over HTTPS.
 */
export function siteDirectives({ nonce, previewAllowedOrigins, releaseOrigins, https }: SitePolicyInput): Directives {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...releaseOrigins],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...releaseOrigins, ...previewAllowedOrigins],
    'frame-src': ["'self'", ...previewAllowedOrigins],
    'worker-src': releaseOrigins.length > 0 ? ["'self'", 'blob:'] : ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The header value of a policy: `default-src 'self'; script-src 'self'; …`. */
export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/**
 * The nonce of this response's policy (16 random bytes, base64), for the `<meta>` and
 * `<style>` elements of the page being sent.
 * @throws Error when {@link securityHeaders} did not run for this response
 */
export function cspNonce(res: Response): string {
  const nonce: unknown = res.locals[NONCE_KEY];
  if (typeof nonce !== 'string') throw new Error('No CSP nonce: securityHeaders() did not run for this response');
  return nonce;
}

/**
 * A route's own policy, derived from the site's policy of this response: `change` receives
 * the site's directives and this response's nonce and returns the directives to send. Mount
 * it before the route's handler.
 */
export function pagePolicy(change: (site: Directives, nonce: string) => Directives): RequestHandler {
  return (_req, res, next) => {
    const site: unknown = res.locals[DIRECTIVES_KEY];
    if (typeof site !== 'object' || site === null) {
      return next(new Error('No site policy: securityHeaders() did not run for this response'));
    }
    res.setHeader('Content-Security-Policy', serializePolicy(change(site as Directives, cspNonce(res))));
    next();
  };
}

/** A `'sha256-…'` source allowing one exact inline `<style>` or `<script>` body. */
export function hashSource(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The site's policy plus the hashes of fixed inline style sheets, for server-rendered pages
 * that carry one (`<style>…</style>` whose text never changes): a hash, unlike a nonce, stays
 * valid when such a page is cached.
 *
 * @param styles the exact text of each `<style>` element
 */
export function allowInlineStyles(...styles: string[]): RequestHandler {
  const hashes = styles.map(hashSource);
  return pagePolicy((site) => ({ ...site, 'style-src': [...(site['style-src'] ?? []), ...hashes] }));
}

/** The text of each `<style>` element of an HTML page (for {@link allowInlineStyles}). */
export function inlineStylesOf(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
}

/**
 * The distinct origins of release base URLs (`https://cdn.example/kb/assistant/1.0.0-…` →
 * `https://cdn.example`); unparsable URLs are left out.
 */
export function releaseOriginsOf(baseUrls: Iterable<string | null>): string[] {
  const origins = new Set<string>();
  for (const url of baseUrls) {
    if (!url) continue;
    try {
      const { origin } = new URL(url);
      if (origin !== 'null') origins.add(origin);
    } catch {
      // Checked when the release was published; a malformed record cannot widen the policy.
    }
  }
  return [...origins].sort();
}

/** What {@link securityHeaders} needs. */
export interface SecurityOptions {
  /** `PUBLIC_ORIGIN`: HSTS and `upgrade-insecure-requests` only when it is `https:`. */
  publicOrigin: string;
  /** `PREVIEW_ALLOWED_ORIGINS`. */
  previewAllowedOrigins: readonly string[];
  /**
   * Base URLs of the recorded releases (null for one served by this server), from the release
   * registry. Every recorded one counts, not only the active ones: a release is published
   * before it is activated, so its origin is in the policy by the time pages load it.
   */
  releaseBaseUrls: () => Promise<readonly (string | null)[]>;
  /** Where a failed registry read is reported. */
  logger: Logger;
  /** How long a registry read is reused (ms, default {@link RELEASE_ORIGINS_TTL_MS}). */
  releaseOriginsTtlMs?: number;
}

function cachedReleaseOrigins({
  releaseBaseUrls,
  logger,
  releaseOriginsTtlMs = RELEASE_ORIGINS_TTL_MS,
}: SecurityOptions): () => Promise<readonly string[]> {
  let origins: readonly string[] = [];
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<readonly string[]> | undefined;
  const refresh = (): Promise<readonly string[]> =>
    (pending ??= releaseBaseUrls()
      .then(
        (urls) => {
          origins = releaseOriginsOf(urls);
          return origins;
        },
        (error: unknown) => {
          // Pages still load (their own remotes are same-origin); a CDN release waits for the next read.
          logger.warn({ err: error }, 'could not read the release registry for the CSP; keeping the last known release origins');
          return origins;
        },
      )
      .finally(() => {
        readAt = Date.now();
        pending = undefined;
      }));
  return () => {
    if (readAt === Number.NEGATIVE_INFINITY) return refresh();
    // Later reads refresh in the background: no response (a static file, /healthz) waits for
    // the policy behind a busy database; the origins read last serve meanwhile.
    if (Date.now() - readAt >= releaseOriginsTtlMs) void refresh();
    return Promise.resolve(origins);
  };
}

/**
 * The site's security headers, as middleware to mount before every route:
 * - `Content-Security-Policy`: {@link siteDirectives} with a fresh nonce per response
 *   (`crypto.randomBytes(16)`, base64; read it with {@link cspNonce}) and the release origins
 *   read from the registry at most every `releaseOriginsTtlMs` (only the first read is waited
 *   for; later ones run in the background while the last origins read are used);
 * - `Strict-Transport-Security` (180 days) only when `publicOrigin` is `https:`;
 * - `Referrer-Policy: strict-origin-when-cross-origin` ({@link REFERRER_POLICY});
 * - `X-Content-Type-Options: nosniff`, `X-Frame-Options: SAMEORIGIN`, `Cross-Origin-Opener-Policy`
 *   and helmet's other defaults; `Cross-Origin-Resource-Policy: same-site`, since the knowledge
 *   origin (another port of the same site) loads the site's files;
 * - `Permissions-Policy` ({@link PERMISSIONS_POLICY}).
 */
export function securityHeaders(options: SecurityOptions): RequestHandler[] {
  const https = options.publicOrigin.startsWith('https:');
  const releaseOrigins = cachedReleaseOrigins(options);
  const policy: RequestHandler = (_req, res, next) => {
    releaseOrigins().then((origins) => {
      const nonce = crypto.randomBytes(16).toString('base64');
      const directives = siteDirectives({
        nonce,
        previewAllowedOrigins: options.previewAllowedOrigins,
        releaseOrigins: origins,
        https,
      });
      res.locals[NONCE_KEY] = nonce;
      res.locals[DIRECTIVES_KEY] = directives;
      res.setHeader('Content-Security-Policy', serializePolicy(directives));
      next();
    }, next);
  };
  const others = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
    referrerPolicy: { policy: REFERRER_POLICY },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  };
  return [policy, others, permissions];
}
