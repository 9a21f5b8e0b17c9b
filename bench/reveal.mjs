/**
 * `node bench/reveal.mjs --url=URL [--profile=slow-4g|local] [--runs=3]` (`--help`)
 *
 * When each remote region of a page enters it: cold loads in headless Chromium through
 * bench/pages.mjs's network profiles, a `MutationObserver` recording the time (ms from
 * navigation start) at which each `[data-remote]` element first appears. Prints one line per
 * load. For reading how the regions of one page are revealed (docs/performance.md, "Remote
 * regions without Suspense"); the figures quoted against the monolith come from bench/pages.mjs.
 */
/* global window, document, MutationObserver -- the evaluated callbacks run in the page */
import { chromium } from 'playwright-core';
import { PROFILES, chromiumPath, pageToolCommandLine } from './pages.mjs';

const USAGE = `Usage: node bench/reveal.mjs --url=URL [--profile=slow-4g|local] [--runs=3]

  --url      the page, e.g. http://127.0.0.1:42300/knowledge
  --profile  network profile of bench/pages.mjs (default slow-4g)
  --runs     cold loads, each printed (default 3)`;
const { url, profile, runs } = pageToolCommandLine('reveal', USAGE, 3);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (PROFILES[profile]) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILES[profile] });
    }
    await page.addInitScript(() => {
      const seen = {};
      window.__remoteRegionsSeen = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-remote]')) {
          const name = element.getAttribute('data-remote');
          if (name && !(name in seen)) seen[name] = Math.round(performance.now());
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(url.href, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    const seen = await page.evaluate(() => window.__remoteRegionsSeen);
    process.stdout.write(`run ${run}: ${Object.entries(seen).map(([name, ms]) => `${name} ${ms} ms`).join(', ') || 'no remote region'}\n`);
    await context.close();
  }
} finally {
  await browser.close();
}
