import express, { Router, type RequestHandler } from 'express';
import { COLORS as C, FONTS, RADII, defineMessages, focusRingCss, type ApiError, type FormSuccess, type Lang } from '@kb/contracts';
import type { Database } from '../db/database.js';
import { rateLimitAsJson } from '../http/errors.js';
import { sameOriginOnly } from '../http/guards.js';
import type { Logger } from '../logger.js';
import type { AlertNotifier } from './alerts.js';
import { deleteSubscriberByToken, subscriberTokenExists } from './repository.js';
import { filledHoneypot, submitContact, subscribe, validateContact, validateNewsletter, type Validated } from './service.js';

/** What the forms' routes need. */
export interface FormsRouteDeps {
  db: Database;
  alerts: AlertNotifier;
  logger: Logger;
}

function refuse<T>(res: express.Response, result: Exclude<Validated<T>, { ok: true }>): void {
  const body: ApiError = { success: false, error: result.error };
  if (Object.keys(result.fields).length > 0) body.fields = result.fields;
  res.status(400).set('Cache-Control', 'no-store').json(body);
}

function ok(res: express.Response): void {
  const body: FormSuccess = { success: true };
  res.set('Cache-Control', 'no-store').json(body);
}

/**
 * The forms' API, mounted under `/api` after the guards (rate limit `form`, origin, JSON only,
 * 16 KB):
 * - `POST /newsletter` `{ email, website? }` → `{ success: true }` once the subscription is
 *   stored (or the address was already subscribed, in any letter case);
 * - `POST /contact` (SPEC.md §3 fields, `website?`) → `{ success: true }` once the message is
 *   stored; the staff alert follows separately.
 *
 * Invalid input → 400 `{ success: false, error, fields }` with the §5 messages in English. A
 * filled honeypot → `{ success: true }` and nothing stored. A database failure → 500 through
 * the error middleware. No route returns stored messages or addresses.
 */
export function formsApiRouter({ db, alerts, logger }: FormsRouteDeps): Router {
  const router = Router();
  // The request's own logger (carrying its id) when the request log runs in front.
  const log = (req: express.Request): Logger => (req as { log?: Logger }).log ?? logger;
  router.post('/newsletter', async (req, res) => {
    const result = validateNewsletter(req.body);
    if (!result.ok) return refuse(res, result);
    if (filledHoneypot(result.value)) {
      log(req).info({ form: 'newsletter' }, 'honeypot filled; nothing stored');
      return ok(res);
    }
    await subscribe(db, result.value);
    ok(res);
  });
  router.post('/contact', async (req, res) => {
    const result = validateContact(req.body);
    if (!result.ok) return refuse(res, result);
    if (filledHoneypot(result.value)) {
      log(req).info({ form: 'contact' }, 'honeypot filled; nothing stored');
      return ok(res);
    }
    await submitContact(db, result.value, alerts);
    ok(res);
  });
  return router;
}

const pageText = defineMessages(
  {
    title: 'Unsubscribe from the newsletter',
    confirm: 'Press the button to stop receiving the newsletter. Your address will be deleted from our list.',
    button: 'Unsubscribe',
    doneTitle: 'You have been unsubscribed',
    done: 'Your address has been deleted from our list. You will receive no more newsletters.',
    invalidTitle: 'This link cannot be used',
    invalid: 'This unsubscribe link is not valid or has already been used.',
    home: 'Go to the home page',
  },
  {
    title: 'Bülten aboneliğinden çık',
    confirm: 'Bülteni almayı bırakmak için düğmeye basın. Adresiniz listemizden silinecektir.',
    button: 'Abonelikten çık',
    doneTitle: 'Bülten aboneliğiniz sonlandırıldı',
    done: 'Adresiniz listemizden silindi. Artık bülten almayacaksınız.',
    invalidTitle: 'Bu bağlantı kullanılamıyor',
    invalid: 'Bu abonelikten çıkma bağlantısı geçersiz ya da daha önce kullanılmış.',
    home: 'Ana sayfaya dön',
  },
);

type PageState = 'confirm' | 'done' | 'invalid';

function escapeHtml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);
}

function section(lang: Lang, state: PageState, token: string): string {
  const t = pageText[lang];
  const heading = state === 'confirm' ? t.title : state === 'done' ? t.doneTitle : t.invalidTitle;
  const text = state === 'confirm' ? t.confirm : state === 'done' ? t.done : t.invalid;
  const form =
    state === 'confirm'
      ? `<form method="post" action="/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
        `<button type="submit">${t.button}</button></form>`
      : '';
  const tag = lang === 'en' ? 'h1' : 'h2';
  return (
    `<section lang="${lang}"><${tag}>${heading}</${tag}><p>${text}</p>${form}` +
    `<p><a href="/?lang=${lang}">${t.home}</a></p></section>`
  );
}

/** The bilingual unsubscribe page (English first, then Turkish); no script, no stored data shown. */
export function unsubscribePage(state: PageState, token = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${pageText.en.title} · ${pageText.tr.title}</title>
<style>
body{font-family:${FONTS.body};color:${C.ink};background:${C.background};margin:0;padding:2rem 1rem;line-height:1.5}
main{max-width:36rem;margin:0 auto;background:${C.surface};border:1px solid ${C.border};border-radius:${RADII.lg};padding:1.5rem}
section+section{border-top:1px solid ${C.border};margin-top:1.5rem;padding-top:.5rem}
h1,h2{font-size:1.35rem;margin:.5rem 0}
button{font:inherit;background:${C.primary};color:${C.onPrimary};border:0;border-radius:${RADII.md};padding:.6rem 1.2rem;cursor:pointer}
a{color:${C.primary}}
:focus-visible{${focusRingCss()}}
</style>
</head>
<body><main>${section('en', state, token)}${section('tr', state, token)}</main></body>
</html>
`;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The unsubscribe page of the newsletter (`/unsubscribe`, outside `/api`; HTML in English and
 * Turkish):
 * - `GET /unsubscribe?token=…` shows a confirmation with a button; it changes nothing, so a
 *   mail scanner following the link unsubscribes no one (404 page for an unknown token);
 * - `POST /unsubscribe` (form field `token`; same-origin) deletes the subscriber and says so;
 *   an unknown or used token gets the 404 page.
 *
 * Every method is rate-limited by `limit` (a token can be guessed at by GET as well as by
 * POST); over the limit the answer is the API's `429 { success: false, error }`.
 */
export function unsubscribeRouter(deps: { db: Database; origins: ReadonlySet<string>; limit: RequestHandler }): Router {
  const { db } = deps;
  const router = Router();
  const send = (res: express.Response, status: number, state: PageState, token = ''): void => {
    res
      .status(status)
      .type('html')
      .set('Cache-Control', 'no-store')
      .set('X-Robots-Tag', 'noindex')
      // Not helmet's no-referrer: with it the browser posts the form with `Origin: null`, which
      // the origin check refuses. same-origin still keeps the token from other sites.
      .set('Referrer-Policy', 'same-origin')
      .send(unsubscribePage(state, token));
  };
  router.use('/unsubscribe', deps.limit, rateLimitAsJson);
  router.get('/unsubscribe', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!TOKEN_SHAPE.test(token) || !(await subscriberTokenExists(db, token))) return send(res, 404, 'invalid');
    send(res, 200, 'confirm', token);
  });
  router.post(
    '/unsubscribe',
    sameOriginOnly(deps.origins),
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res) => {
      const raw: unknown = (req.body as { token?: unknown } | undefined)?.token;
      const token = typeof raw === 'string' ? raw : '';
      if (!TOKEN_SHAPE.test(token) || !(await deleteSubscriberByToken(db, token))) return send(res, 404, 'invalid');
      send(res, 200, 'done');
    },
  );
  return router;
}
