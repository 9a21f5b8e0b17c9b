import { expect, test, type Request } from '@playwright/test';

/**
 * The shell's start-up script (shell/src/startup.ts) asks for the remote list and the first
 * screen's manifest while the shell's own bundle (`main.js`, the federation runtime) is still
 * downloading, and preloads that screen's remote files; the runtime then uses those responses
 * instead of fetching anything again. `main.js` is held back here until the start-up requests
 * have been made, so the order is checked without measuring any time.
 */

const isMain = (url: URL): boolean => /^\/static\/js\/main\.[0-9a-f]+\.js$/.test(url.pathname);

test("the remote list and the first screen's manifest are asked for before main.js, and every remote file once", async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request: Request) => requests.push(new URL(request.url()).pathname));
  const asked = (pattern: RegExp): boolean => requests.some((p) => pattern.test(p));

  let releaseMain: () => void = () => undefined;
  const mainHeld = new Promise<void>((resolve) => (releaseMain = resolve));
  await page.route(isMain, async (route) => {
    await mainHeld;
    await route.continue();
  });

  await page.goto('/?lang=en', { waitUntil: 'commit' });
  // main.js has not arrived: only the start-up script can have asked for these.
  await expect.poll(() => asked(/^\/remotes\.json$/)).toBe(true);
  await expect.poll(() => asked(/^\/remotes\/forms\/[^/]+\/mf-manifest\.json$/)).toBe(true);
  expect(await page.locator('footer').count()).toBe(0);

  releaseMain();
  await expect(page.locator('footer').getByLabel('Email address')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const remoteFiles = requests.filter((p) => p.startsWith('/remotes/') || p === '/remotes.json');
  const twice = remoteFiles.filter((p, i) => remoteFiles.indexOf(p) !== i);
  expect(twice).toEqual([]);
  // The forms remote's entry and the newsletter form's module came from the start-up
  // script's preloads (a `link` initiator), which the runtime's own <script> elements used.
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, initiator: (e as PerformanceResourceTiming).initiatorType }))
      .filter((e) => /^\/remotes\/forms\/[^/]+\/(remoteEntry|__federation_expose_NewsletterForm\.[0-9a-f]+)\.js$/.test(e.path)),
  );
  expect(initiators.map((e) => e.initiator)).toEqual(['link', 'link']);
});

test('the shell and the remotes it loads run on one federation runtime core', async ({ page }) => {
  await page.goto('/knowledge?lang=en');
  await expect(page.locator('[data-remote="knowledge"]')).toBeVisible();
  await expect(page.locator('footer').getByLabel('Email address')).toBeVisible();
  // Remotes build with `externalRuntime` and take the core the shell hands them
  // (`_FEDERATION_RUNTIME_CORE`); the shell's own instance must come from that same core, not
  // from a second copy of it in main.js.
  const instances = await page.evaluate(() => {
    const federation = globalThis as unknown as {
      _FEDERATION_RUNTIME_CORE: { ModuleFederation: abstract new (...args: never[]) => unknown };
      __FEDERATION__: { __INSTANCES__: { name: string }[] };
    };
    const core = federation._FEDERATION_RUNTIME_CORE;
    return federation.__FEDERATION__.__INSTANCES__.map((instance) => ({ name: instance.name, fromCore: instance instanceof core.ModuleFederation }));
  });
  expect(instances.map((i) => i.name).sort()).toEqual(['forms', 'knowledge', 'shell']);
  expect(instances.filter((i) => !i.fromCore)).toEqual([]);
});
