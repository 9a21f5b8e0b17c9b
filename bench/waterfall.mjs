/**
 * `node bench/waterfall.mjs --url=URL [--profile=slow-4g|local] [--runs=1]` (`--help`)
 *
 * The request waterfall of one cold load of a page in headless Chromium, through the same
 * network profiles as bench/pages.mjs: per request, when it was sent, when its response
 * headers and its last byte arrived (ms from the first request), the bytes on the wire (KB),
 * Chromium's priority and the URL; then when the page's remote content became visible (the
 * selector of bench/pages.mjs's PAGES for the URL's path). For reading where a page's time
 * goes; the figures quoted in docs/performance.md come from bench/pages.mjs.
 */
/* global window -- the evaluated callback runs in the page */
import { chromium } from 'playwright-core';
import { PAGES, PROFILES, chromiumPath, observe, pageToolCommandLine } from './pages.mjs';

const USAGE = `Usage: node bench/waterfall.mjs --url=URL [--profile=slow-4g|local] [--runs=1]

  --url      the page, e.g. http://127.0.0.1:42300/knowledge
  --profile  network profile of bench/pages.mjs (default slow-4g)
  --runs     cold loads, each printed (default 1)`;
const { url, profile, runs } = pageToolCommandLine('waterfall', USAGE, 1);
const page = PAGES.find((p) => p.path === url.pathname);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-quic'], headless: true });
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    if (PROFILES[profile]) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILES[profile] });
    /** @type {Map<string, { url: string, sent: number, response?: number, end?: number, bytes: number, priority: string, frame: string }>} */
    const requests = new Map();
    let t0 = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      t0 ??= e.timestamp;
      if (!requests.has(e.requestId)) requests.set(e.requestId, { url: e.request.url, sent: e.timestamp, bytes: 0, priority: e.request.initialPriority, frame: e.frameId ?? '' });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.response = e.timestamp;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
    });
    await tab.addInitScript(observe, { selector: page?.selector, frameSelector: page?.frameSelector });
    await tab.goto(url.href, { waitUntil: 'load', timeout: 90_000 });
    await tab.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    // Top documents only (the /chat frame's question box is bench/pages.mjs's business).
    const visible = await tab.evaluate(() => (window.__bench?.visibleAt == null ? null : window.__bench.visibleAt - performance.timeOrigin));
    const ms = (t) => (t === undefined || t0 === null ? '   –' : String(Math.round((t - t0) * 1000)).padStart(5));
    process.stdout.write(`run ${run + 1}: ${url.href} (${profile})\n  sent  resp   end     KB  priority  url\n`);
    for (const r of [...requests.values()].sort((a, b) => a.sent - b.sent)) {
      const where = new URL(r.url);
      const name = where.origin === url.origin ? `${where.pathname}${where.search}` : r.url;
      process.stdout.write(`${ms(r.sent)} ${ms(r.response)} ${ms(r.end)} ${(r.bytes / 1024).toFixed(1).padStart(6)}  ${r.priority.padEnd(8)}  ${name.slice(0, 100)}\n`);
    }
    const wire = [...requests.values()].reduce((sum, r) => sum + r.bytes, 0);
    process.stdout.write(`  ${requests.size} requests, ${(wire / 1024).toFixed(1)} KB on the wire; remote content visible at ${visible === null ? '–' : Math.round(visible)} ms (from navigation start)\n`);
    await context.close();
  }
} finally {
  await browser.close();
}
