/**
 * `npm run screenshots [-- --out DIR] [--widths 375,820,1280] [--langs en,tr] [--only NAMES] [--keep]`
 *
 * A picture of every route of the site as a visitor sees it, for looking at the whole site at
 * once (issue 21): the production build (`npm run build` first) served by the real server
 * (server/dist/main.js on a free port, over a scratch DATA_DIR from tooling/scratch.mjs),
 * photographed full-page in headless Chromium (playwright-core, the system's /usr/bin/chromium)
 * in English and Turkish at 375, 820 and 1280 px. Then one contact sheet per language and
 * width: the shots as labelled thumbnails on one PNG, drawn by Chromium from a small local
 * HTML page (no image library).
 *
 * Writes `<out>/<lang>/<width>/<NN>-<route>.png`, `<out>/sheet-<lang>-<width>.png` and
 * `<out>/manifest.json` (each shot's URL, HTTP status, file and any problem met while waiting).
 * A shot whose page did not settle is still taken and marked in the manifest and on its sheet;
 * the command then exits 1. Nothing here asserts anything about the pages: it is for eyes.
 */
/* global document, requestAnimationFrame -- the evaluated callbacks run in the page */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCommandLine, usageError } from './cli.mjs';
import { createScratch, repoRoot, startServer } from './scratch.mjs';

const TOOL = 'screenshots';
const USAGE = `Usage: npm run screenshots [-- --out DIR] [--widths 375,820,1280] [--langs en,tr] [--only NAMES] [--keep]

Takes a full-page screenshot of every route of the site in English and Turkish at each width,
and a contact sheet per language and width. Run \`npm run build\` first: the command serves the
production build with the real server (server/dist/main.js) on a free port, over a new scratch
DATA_DIR (the first start loads the corpus: 1-2 minutes), and drives the system's Chromium
(CHROMIUM_PATH, else /usr/bin/chromium).

  --out DIR        where to write (default: screenshots/, git-ignored); files of the same name
                   are replaced, nothing else is removed
  --widths LIST    viewport widths in px, comma-separated (default: 375,820,1280)
  --langs LIST     languages, comma-separated (default: en,tr)
  --only NAMES     only these routes, comma-separated (names as in the file names, e.g. home,chat-answer)
  --keep           keep the scratch data and the server log (their folder is printed)

Writes <out>/<lang>/<width>/<NN>-<route>.png, <out>/sheet-<lang>-<width>.png and
<out>/manifest.json. Exits 1 when a page did not settle (it is still photographed and marked).`;

/** Viewport height per width (a phone, a tablet held upright, a laptop). */
const HEIGHTS = { 375: 812, 820: 1180, 1280: 800 };
const LANGS = ['en', 'tr'];
/** The key the shell keeps the visitor's language choice under (`LANGUAGE_STORAGE_KEY` in @kb/contracts). */
const LANGUAGE_STORAGE_KEY = 'kb:language';
const QUESTION = { en: 'What does the Quran say about patience?', tr: 'Sabır hakkında Kuran ne diyor?' };
const SEARCH = { en: 'patience and prayer', tr: 'sabır ve namaz' };
/** How long one page may take to settle (an answer on a loaded 2-core machine is slow). */
const SETTLE_MS = 90_000;

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {object} Route
 * @property {string} name     file name part, also what `--only` takes
 * @property {string} label    shown on the contact sheet
 * @property {(lang: string) => string} path   the URL path (with query) to open
 * @property {boolean} [server] a page rendered by the server (its language comes from `?lang=`, not the shell's choice)
 * @property {boolean} [inFrame] the content sits in the assistant's iframe (waited for there)
 * @property {boolean} [viewportOnly] shoot the viewport, not the full page (a modal's fixed backdrop covers only the viewport)
 * @property {(page: Page) => Promise<void>} [before] run before navigating (e.g. break a remote)
 * @property {(page: Page, lang: string) => Promise<void>} [ready] waits for the content, or does the interaction the shot shows
 */

const heading1 = (page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: SETTLE_MS });
const frame = (page) => page.frameLocator('iframe').first();
/** The answer's sources in the assistant frame ("Sources" / "Kaynaklar"). */
const answered = (page) =>
  frame(page)
    .getByRole('list', { name: /^(Sources|Kaynaklar)$/ })
    .first()
    .waitFor({ timeout: SETTLE_MS });

/**
 * Every route of the site (SPEC.md §2, the shell's router in shell/src/App.tsx, the remotes'
 * pages, and the pages the server renders itself), with the state each shot shows.
 * @type {Route[]}
 */
const ROUTES = [
  { name: 'home', label: '/', path: () => '/', ready: heading1 },
  { name: 'project', label: '/project', path: () => '/project', ready: heading1 },
  { name: 'about', label: '/about', path: () => '/about', ready: heading1 },
  { name: 'open-data', label: '/open-data', path: () => '/open-data', ready: heading1 },
  { name: 'knowledge', label: '/knowledge', path: () => '/knowledge', ready: heading1 },
  {
    name: 'knowledge-details',
    label: '/knowledge, a source’s details dialog',
    path: () => '/knowledge',
    viewportOnly: true,
    ready: async (page) => {
      await heading1(page);
      await page.getByRole('button', { name: /^(Details|Ayrıntılar): / }).first().click();
      await page.getByRole('dialog').first().waitFor({ timeout: SETTLE_MS });
    },
  },
  { name: 'contact', label: '/contact', path: () => '/contact', ready: heading1 },
  {
    name: 'chat-empty',
    label: '/chat, empty',
    path: () => '/chat',
    inFrame: true,
    ready: (page) => frame(page).getByRole('textbox').first().waitFor({ timeout: SETTLE_MS }),
  },
  {
    name: 'chat-answer',
    label: '/chat?q=…, answered',
    path: (lang) => `/chat?q=${encodeURIComponent(QUESTION[lang])}`,
    inFrame: true,
    ready: answered,
  },
  {
    name: 'search-empty',
    label: '/search, no query',
    path: () => '/search',
    ready: (page) => page.getByRole('searchbox').first().waitFor({ timeout: SETTLE_MS }),
  },
  {
    name: 'search-results',
    label: '/search?q=…, with results',
    path: (lang) => `/search?q=${encodeURIComponent(SEARCH[lang])}`,
    inFrame: true,
    ready: answered,
  },
  { name: 'preview-empty', label: '/preview, no link', path: () => '/preview', ready: heading1 },
  {
    name: 'preview-reading',
    label: '/preview?link=/read/quran/2:255',
    path: (lang) => `/preview?link=${encodeURIComponent(`/read/quran/2:255?lang=${lang}`)}`,
    inFrame: true,
    ready: (page) => frame(page).getByRole('heading', { level: 1 }).first().waitFor({ timeout: SETTLE_MS }),
  },
  { name: 'read', label: '/read/quran/2:255', path: (lang) => `/read/quran/2:255?lang=${lang}`, server: true, ready: heading1 },
  { name: 'read-missing', label: '/read/quran/999:1 (not found)', path: (lang) => `/read/quran/999:1?lang=${lang}`, server: true },
  { name: 'not-found', label: '404 (/no-such-page)', path: () => '/no-such-page', ready: heading1 },
  {
    name: 'chat-remote-down',
    label: '/chat, assistant remote down',
    path: () => '/chat',
    before: (page) =>
      page.route('**/remotes/assistant/**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' })),
    ready: (page) => page.getByRole('alert').first().waitFor({ timeout: SETTLE_MS }),
  },
  { name: 'unsubscribe', label: '/unsubscribe (unknown token)', path: () => '/unsubscribe?token=0', server: true },
  { name: 'api-docs', label: '/docs (Swagger UI)', path: () => '/docs', server: true, ready: (page) => page.locator('.swagger-ui .info').first().waitFor({ timeout: SETTLE_MS }) },
  { name: 'api-redoc', label: '/redoc (ReDoc)', path: () => '/redoc', server: true, ready: (page) => page.locator('.api-content').first().waitFor({ timeout: SETTLE_MS }) },
];

/** A comma-separated list of allowed values, or a usage error. */
function listOption(name, raw, allowed, fallback) {
  if (raw === undefined) return fallback;
  const items = String(raw).split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) usageError(TOOL, USAGE, `--${name} needs at least one value`);
  const bad = items.find((item) => !allowed.includes(item));
  if (bad !== undefined) usageError(TOOL, USAGE, `--${name} takes ${allowed.join(', ')}; got "${bad}"`);
  return [...new Set(items)];
}

const { values } = readCommandLine({
  tool: TOOL,
  usage: USAGE,
  options: {
    out: { type: 'string' },
    widths: { type: 'string' },
    langs: { type: 'string' },
    only: { type: 'string' },
    keep: { type: 'boolean' },
  },
});
const widths = listOption('widths', values.widths, Object.keys(HEIGHTS), Object.keys(HEIGHTS)).map(Number);
const langs = listOption('langs', values.langs, LANGS, LANGS);
const routeNames = listOption('only', values.only, ROUTES.map((r) => r.name), ROUTES.map((r) => r.name));
if (values.out === '') usageError(TOOL, USAGE, '--out needs a folder');
const outDir = path.resolve(values.out ?? path.join(repoRoot, 'screenshots'));
const routes = ROUTES.filter((r) => routeNames.includes(r.name));

/** The system's Chromium, as the e2e tests and the bench use it. */
function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => typeof p === 'string' && p !== '' && fs.existsSync(p));
  if (!found) throw new Error('no Chromium found: set CHROMIUM_PATH (tried /usr/bin/chromium, /usr/bin/chromium-browser)');
  return found;
}

const log = (line) => process.stdout.write(`${TOOL}: ${line}\n`);

/**
 * Waits until the page and its frames have settled: no network for 500 ms, every frame's
 * fonts loaded, then two animation frames (so a late layout has painted).
 * @param {Page} page
 */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: SETTLE_MS });
  for (const f of page.frames()) {
    try {
      await f.evaluate(() => document.fonts.ready.then(() => undefined));
    } catch {
      // a frame that navigated away or is cross-origin has nothing for us to wait on
    }
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))));
}

/**
 * One shot: opens `route` in a new page of `context` at `width`, waits, writes the PNG.
 * @returns {Promise<{ route: string, lang: string, width: number, url: string, status: number | null, file: string, problem?: string }>}
 */
async function shoot(context, baseUrl, route, lang, width, file) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: HEIGHTS[width] });
  const pathAndQuery = route.path(lang);
  const url = `${baseUrl}${pathAndQuery}`;
  let status = null;
  let problem;
  try {
    if (route.before) await route.before(page);
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: SETTLE_MS });
    status = response?.status() ?? null;
    if (route.ready) await route.ready(page, lang);
    await settle(page);
  } catch (error) {
    problem = String(error?.message ?? error).split('\n')[0];
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: !route.viewportOnly, animations: 'disabled', caret: 'hide' });
  await page.close();
  return { route: route.name, lang, width, url: pathAndQuery, status, file: path.relative(outDir, file), ...(problem ? { problem } : {}) };
}

/** HTML-escapes text for the contact sheet. */
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * Writes the contact sheet of one language and width: a local HTML page of labelled
 * thumbnails (each shot scaled to the column width, cut at 1,000 px tall), photographed by
 * Chromium. The HTML file is removed afterwards.
 */
async function contactSheet(browser, shots, lang, width) {
  const thumb = width === 375 ? 220 : 300;
  const cells = shots
    .map(
      (s, i) => `<figure${s.problem ? ' class="bad"' : ''}>
  <figcaption><b>${String(i + 1).padStart(2, '0')} ${esc(s.route)}</b> ${esc(routes.find((r) => r.name === s.route)?.label ?? '')}
  <span>${esc(s.url)} · HTTP ${s.status ?? '—'}</span>${s.problem ? `<em>not settled: ${esc(s.problem)}</em>` : ''}</figcaption>
  <div class="frame"><img src="${esc(pathToFileURL(path.join(outDir, s.file)).href)}" alt=""></div>
</figure>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${lang} ${width}</title>
<style>
  body { margin: 16px; font: 13px/1.35 system-ui, sans-serif; background: #eef0f3; color: #111; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  main { display: grid; grid-template-columns: repeat(auto-fill, ${thumb}px); gap: 14px; align-items: start; }
  figure { margin: 0; background: #fff; border: 1px solid #c8ccd2; padding: 6px; }
  figure.bad { border: 3px solid #c00; }
  figcaption { margin-bottom: 6px; word-break: break-all; }
  figcaption span { display: block; color: #555; font-size: 11px; }
  figcaption em { display: block; color: #c00; font-size: 11px; font-style: normal; }
  .frame { max-height: 1000px; overflow: hidden; border-top: 1px solid #ddd; }
  img { display: block; width: 100%; }
</style>
<h1>${esc(lang.toUpperCase())} · ${width} px — ${shots.length} pages</h1>
<main>
${cells}
</main></html>`;
  const htmlFile = path.join(outDir, `.sheet-${lang}-${width}.html`);
  fs.writeFileSync(htmlFile, html);
  const page = await browser.newPage({ viewport: { width: 6 * (thumb + 14) + 32, height: 900 } });
  try {
    await page.goto(pathToFileURL(htmlFile).href, { waitUntil: 'load' });
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
    const file = path.join(outDir, `sheet-${lang}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } finally {
    await page.close();
    fs.rmSync(htmlFile, { force: true });
  }
}

async function main() {
  const executablePath = chromiumPath();
  // Loaded here, not at the top, so that --help and usage errors answer at once.
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(outDir, { recursive: true });
  const scratch = await createScratch({ prefix: 'kb-screenshots', keep: values.keep === true });
  let server;
  let browser;
  const shots = [];
  try {
    log(`starting the server over ${scratch.dataDir} (the first start loads the corpus: 1-2 minutes)`);
    server = await startServer(scratch, {
      name: 'server',
      env: { LOG_LEVEL: 'warn', RATE_LIMIT_ASK_PER_MINUTE: '1000', RATE_LIMIT_READ_PER_MINUTE: '5000' },
    });
    log(`server ready at ${server.url} in ${Math.round(server.readyMs / 1000)} s`);
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
    for (const lang of langs) {
      // The visitor's stored choice, as the shell keeps it (the language switch writes it);
      // server-rendered pages take ?lang= instead.
      const context = await browser.newContext({
        locale: lang === 'tr' ? 'tr-TR' : 'en-US',
        storageState: { cookies: [], origins: [{ origin: server.url, localStorage: [{ name: LANGUAGE_STORAGE_KEY, value: lang }] }] },
      });
      for (const width of widths) {
        const row = [];
        for (const [i, route] of routes.entries()) {
          const file = path.join(outDir, lang, String(width), `${String(ROUTES.indexOf(route) + 1).padStart(2, '0')}-${route.name}.png`);
          const shot = await shoot(context, server.url, route, lang, width, file);
          log(`${lang} ${width} ${String(i + 1).padStart(2)}/${routes.length} ${route.name}${shot.problem ? ` — not settled: ${shot.problem}` : ''}`);
          row.push(shot);
        }
        shots.push(...row);
        log(`contact sheet: ${path.relative(process.cwd(), await contactSheet(browser, row, lang, width))}`);
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    await server?.stop();
    await scratch.dispose();
    if (values.keep) log(`scratch data and server log kept in ${scratch.dir}`);
  }
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify({ widths, langs, shots }, null, 2)}\n`);
  const unsettled = shots.filter((s) => s.problem);
  log(`${shots.length} shots in ${outDir}${unsettled.length ? `; ${unsettled.length} did not settle (see manifest.json)` : ''}`);
  return unsettled.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${TOOL}: ${error?.message ?? error}\n`);
    process.exit(1);
  },
);
