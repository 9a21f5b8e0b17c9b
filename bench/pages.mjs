/**
 * Page weight and speed, measured in headless Chromium against a running server.
 *
 * For each page and network profile, `runs` cold loads (a new browser context each, so nothing
 * is cached), and per load:
 * - `requests`: requests the page made until it was idle (count, every type);
 * - `jsRawBytes` / `jsBytes`: JavaScript bytes after decoding / transferred on the wire
 *   (compressed body plus headers), likewise `cssRawBytes` / `cssBytes` and `allBytes`
 *   (everything transferred, bytes);
 * - `fcpMs`, `lcpMs`: First Contentful Paint and Largest Contentful Paint of the page (ms from
 *   navigation start, the browser's own PerformanceObserver entries);
 * - `remoteVisibleMs`: ms from navigation start until the remote's content is visible (an
 *   element with a box, not `visibility: hidden`): the knowledge screen, the contact form, the
 *   footer's newsletter form on `/`, the assistant frame's question box on `/chat`;
 * - `loadMs`: the window's load event (ms).
 * The result per page is the median of the runs. Also returned: the JavaScript files each page
 * loaded into its main document (for the duplicate check).
 */
/* global window, document, getComputedStyle, requestAnimationFrame -- observe() and the evaluated callbacks run in the page */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { log, median, round } from './lib/util.mjs';

/** The pages measured and what "the remote's content is visible" means on each. */
export const PAGES = [
  { path: '/', remote: 'forms (footer newsletter)', selector: '[data-remote="forms"]' },
  { path: '/knowledge', remote: 'knowledge', selector: '[data-remote="knowledge"]' },
  { path: '/contact', remote: 'forms (contact)', selector: 'section[data-remote="forms"]' },
  { path: '/chat', remote: 'assistant frame (question box)', frameSelector: 'textarea' },
];

/**
 * Network profiles: `local` is the loopback as it is; `slow-4g` is Lighthouse's mobile
 * network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), where every extra round trip
 * of loading a remote shows. No CPU slowdown in either.
 */
export const PROFILES = {
  local: null,
  'slow-4g': { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};

/**
 * The command line of the one-page tools (bench/waterfall.mjs, bench/reveal.mjs): `--url`
 * (required), `--profile` (one of {@link PROFILES}, default slow-4g) and `--runs` (default
 * `defaultRuns`). `usage` is the tool's usage text; bad usage exits 2 with it.
 *
 * @returns {{ url: URL, profile: keyof typeof PROFILES, runs: number }}
 */
export function pageToolCommandLine(tool, usage, defaultRuns) {
  const { values } = readCommandLine({
    tool,
    usage,
    options: { url: { type: 'string' }, profile: { type: 'string' }, runs: { type: 'string' } },
  });
  if (!values.url) usageError(tool, usage, '--url is required');
  const profile = values.profile ?? 'slow-4g';
  if (!(profile in PROFILES)) usageError(tool, usage, `--profile takes ${Object.keys(PROFILES).join(', ')}`);
  return { url: new URL(values.url), profile, runs: Number(values.runs ?? defaultRuns) };
}

/** The Chromium the e2e tests use (e2e/playwright.config.ts). */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => typeof p === 'string' && p !== '' && fs.existsSync(p));
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches headless Chromium. @returns {Promise<import('playwright-core').Browser>} */
export function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
}

/**
 * Runs in every document of the page before its scripts: records paint timings and when the
 * page's target element first has a box (polled once per frame), in `window.__bench`
 * (`{ fcp, lcp, visibleAt }`: ms from navigation start for the paints, epoch ms for visibleAt).
 * @param {{ selector?: string, frameSelector?: string }} cfg
 */
export function observe(cfg) {
  const top = window === window.top;
  const state = { fcp: null, lcp: null, visibleAt: null };
  Object.defineProperty(window, '__bench', { value: state });
  if (top) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') state.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const selector = top ? cfg.selector : cfg.frameSelector;
  if (!selector) return;
  const started = Date.now();
  const check = () => {
    const el = document.querySelector(selector);
    if (el) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden') {
        state.visibleAt = performance.timeOrigin + performance.now();
        return;
      }
    }
    // Bounded: a page that never shows its content stops being polled after two minutes.
    if (Date.now() - started < 120_000) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * One cold load of `url`.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {(typeof PAGES)[number]} page
 * @param {{ latency: number, downloadThroughput: number, uploadThroughput: number } | null} network
 */
export async function loadOnce(browser, url, page, network) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(observe, { selector: page.selector, frameSelector: page.frameSelector });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    /** @type {Map<string, { url: string, type: string, frameId: string, raw: number, transferred: number, encoding: string | null, status: number | null }>} */
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!requests.has(e.requestId)) {
        requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', frameId: e.frameId ?? '', raw: 0, transferred: 0, encoding: null, status: null });
      }
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.type = e.type ?? r.type;
      r.status = e.response.status;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      r.encoding = headers['content-encoding'] ?? null;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.raw += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.transferred = e.encodedDataLength;
    });
    const errors = [];
    tab.on('pageerror', (error) => errors.push(String(error.message).slice(0, 200)));

    const timeout = network ? 90_000 : 30_000;
    await tab.goto(url, { waitUntil: 'load', timeout });
    const origin = await tab.evaluate(() => performance.timeOrigin);
    let visibleAt = null;
    if (page.frameSelector) {
      const handle = await tab.waitForSelector('iframe', { timeout });
      const frame = await handle.contentFrame();
      if (frame) {
        await frame.waitForFunction(() => window.__bench?.visibleAt != null, undefined, { timeout }).catch(() => undefined);
        visibleAt = await frame.evaluate(() => window.__bench?.visibleAt ?? null).catch(() => null);
      }
    } else {
      await tab.waitForFunction(() => window.__bench?.visibleAt != null, undefined, { timeout }).catch(() => undefined);
      visibleAt = await tab.evaluate(() => window.__bench.visibleAt);
    }
    await tab.waitForLoadState('networkidle', { timeout: network ? 30_000 : 10_000 }).catch(() => undefined);
    const timings = await tab.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { fcp: window.__bench.fcp, lcp: window.__bench.lcp, load: nav ? nav.loadEventEnd : null };
    });
    const mainFrame = [...requests.values()].find((r) => r.type === 'Document')?.frameId;
    const all = [...requests.values()];
    const sum = (list, key) => list.reduce((total, r) => total + r[key], 0);
    const scripts = all.filter((r) => r.type === 'Script');
    const styles = all.filter((r) => r.type === 'Stylesheet');
    return {
      requests: all.length,
      failed: all.filter((r) => r.status === null || r.status >= 400).length,
      jsRawBytes: sum(scripts, 'raw'),
      jsBytes: sum(scripts, 'transferred'),
      cssRawBytes: sum(styles, 'raw'),
      cssBytes: sum(styles, 'transferred'),
      allBytes: sum(all, 'transferred'),
      fcpMs: timings.fcp,
      lcpMs: timings.lcp,
      remoteVisibleMs: visibleAt === null ? null : visibleAt - origin,
      loadMs: timings.load,
      errors,
      scripts: scripts.map((r) => ({
        url: r.url,
        mainDocument: r.frameId === mainFrame,
        encoding: r.encoding,
        bytes: r.transferred,
        rawBytes: r.raw,
      })),
    };
  } finally {
    await context.close();
  }
}

/** The figures kept for each run. */
const FIGURES = ['requests', 'failed', 'jsRawBytes', 'jsBytes', 'cssRawBytes', 'cssBytes', 'allBytes', 'fcpMs', 'lcpMs', 'remoteVisibleMs', 'loadMs'];

/**
 * Measures every page of {@link PAGES} on one or more servers, their loads interleaved: for each
 * profile, page and run, one cold load from each server in turn, the order rotating from run to
 * run, so a change in the machine's load falls on every build alike (the federated build and
 * the monolith are compared by their ratio).
 *
 * @param {import('playwright-core').Browser} browser
 * @param {Record<string, string>} servers label → base URL, e.g. `{ federated: 'http://127.0.0.1:41234' }`
 * @param {{ runs: number, profiles: (keyof typeof PROFILES)[] }} options
 * @returns {Promise<Record<string, Record<string, Record<string, object>>>>} label → profile →
 *   page path → medians (ms, bytes, counts) plus `runs` (each run's figures) and `scripts` (the
 *   last run's JavaScript files)
 */
export async function measurePages(browser, servers, { runs, profiles }) {
  const labels = Object.keys(servers);
  /** @type {Record<string, Record<string, Record<string, object>>>} */
  const out = Object.fromEntries(labels.map((label) => [label, {}]));
  for (const profile of profiles) {
    for (const label of labels) out[label][profile] = {};
    for (const page of PAGES) {
      /** @type {Record<string, object[]>} */
      const results = Object.fromEntries(labels.map((label) => [label, []]));
      for (let i = 0; i < runs; i += 1) {
        for (const label of labels.map((_, k) => labels[(k + i) % labels.length])) {
          results[label].push(await loadOnce(browser, `${servers[label]}${page.path}`, page, PROFILES[profile]));
        }
      }
      for (const label of labels) {
        const list = results[label];
        const med = (key) => median(list.map((r) => r[key]).filter((v) => v !== null));
        const summary = {
          remote: page.remote,
          requests: med('requests'),
          jsRawBytes: med('jsRawBytes'),
          jsBytes: med('jsBytes'),
          cssRawBytes: med('cssRawBytes'),
          cssBytes: med('cssBytes'),
          allBytes: med('allBytes'),
          fcpMs: round(med('fcpMs')),
          lcpMs: round(med('lcpMs')),
          remoteVisibleMs: round(med('remoteVisibleMs')),
          loadMs: round(med('loadMs')),
          failedRequests: Math.max(...list.map((r) => r.failed)),
          pageErrors: [...new Set(list.flatMap((r) => r.errors))],
          runs: list.map((r) => Object.fromEntries(FIGURES.map((k) => [k, r[k]]))),
          scripts: list.at(-1)?.scripts ?? [],
        };
        out[label][profile][page.path] = summary;
        log(
          `${label} ${profile} ${page.path}: ${summary.requests} requests, JS ${summary.jsBytes} B on the wire ` +
            `(${summary.jsRawBytes} B raw), FCP ${summary.fcpMs} ms, remote visible ${summary.remoteVisibleMs} ms`,
        );
      }
    }
  }
  return out;
}
