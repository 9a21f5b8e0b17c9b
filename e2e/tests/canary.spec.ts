import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser } from '@playwright/test';
import { ReleaseSite, repo } from './support/releaseSite';

/**
 * Gradual rollout of one remote (docs/operations.md "Canary"): two builds of remote-assistant
 * (the remote whose frame must follow its release) are published; a canary at 50 % serves the
 * second to a visitor in bucket 90 and the first to one in bucket 10, each staying on it across
 * reloads — the page's remote and its assistant frame alike; `promote` moves both visitors to
 * the second. A server of its own, on its own data folder and web root, so the shared e2e server
 * is untouched. Needs `npm run build -w server` and `npm run build -w shell` first.
 */

const run = promisify(execFile);

let site: ReleaseSite;
let origin: string;

/**
 * Builds remote-assistant with `label` (a new version) and keeps a copy of its `dist/` in
 * `<tmp>/builds/<label>`: the remote and its frame are two webpack configurations, so the build
 * goes to its own folder and is copied.
 * @returns the build's version
 */
async function buildAssistant(label: string): Promise<string> {
  const workspace = path.join(repo, 'remote-assistant');
  await run('npx', ['webpack', '--mode', 'production'], { cwd: workspace, env: { ...process.env, REMOTE_BUILD_LABEL: label } });
  const out = path.join(site.tmp, 'builds', label);
  fs.cpSync(path.join(workspace, 'dist'), out, { recursive: true });
  return JSON.parse(fs.readFileSync(path.join(out, 'release.json'), 'utf8')).version as string;
}

/** A visitor of their own (a browser context: its own localStorage), first arriving with `?bucket=`. */
async function visitor(browser: Browser, bucket: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  /**
   * Loads /chat (the first time with the bucket in the URL, as a link from the other origin
   * brings it; afterwards from localStorage) and reads which assistant release the page and its
   * frame came from.
   */
  const open = async (first = false): Promise<{ remote: string | null; frame: string | null }> => {
    await page.goto(`${origin}/chat?lang=en${first ? `&bucket=${bucket}` : ''}`);
    const root = page.locator('[data-remote-version]').first();
    await expect(root).toBeVisible();
    const iframe = page.locator('iframe');
    // The frame's own page rendered (its files were found under its versioned path).
    await expect(page.frameLocator('iframe').locator('textarea')).toBeVisible();
    return { remote: await root.getAttribute('data-remote-version'), frame: await iframe.getAttribute('src') };
  };
  return { context, open };
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(900_000);

test.beforeAll(async () => {
  site = await ReleaseSite.create({ prefix: 'kb-canary-e2e-', ownRemote: 'remote-assistant' });
  origin = site.origin;
});

test.afterAll(async () => {
  await site.stop();
});

test('a canary at 50 % serves bucket 90 its release and bucket 10 the active one, frame included; promote moves both', async ({
  browser,
}) => {
  const active = await buildAssistant('Canary A');
  const canary = await buildAssistant('Canary B');
  expect(canary).not.toBe(active);
  const frameOf = (version: string): string => `/assistant/${version}/index.html?lang=en`;

  site.useBuild('Canary A');
  await site.start();
  site.useBuild('Canary B');
  await site.remotes('publish', 'assistant');
  expect(await site.remotes('activate', 'assistant', canary, '--percent', '50')).toContain(
    `assistant@${canary} is the canary for 50 % of visitors; the others keep ${active}`,
  );

  const ninety = await visitor(browser, 90);
  const ten = await visitor(browser, 10);
  expect(await ninety.open(true)).toEqual({ remote: canary, frame: frameOf(canary) });
  expect(await ten.open(true)).toEqual({ remote: active, frame: frameOf(active) });
  // Reloads (the bucket now from localStorage) stay on the same release.
  expect(await ninety.open()).toEqual({ remote: canary, frame: frameOf(canary) });
  expect(await ten.open()).toEqual({ remote: active, frame: frameOf(active) });
  // The unversioned frame page stays the active release's, for pages opened before.
  expect(await (await fetch(`${origin}/assistant/index.html`)).text()).toContain(`/assistant/${active}/static/`);

  await site.remotes('promote', 'assistant');
  expect(await ninety.open()).toEqual({ remote: canary, frame: frameOf(canary) });
  expect(await ten.open()).toEqual({ remote: canary, frame: frameOf(canary) });
  expect(await (await fetch(`${origin}/assistant/index.html`)).text()).toContain(`/assistant/${canary}/static/`);

  const history = await site.remotes('history', 'assistant');
  expect(history).toContain(`canary-start assistant  ${active} → ${canary} (50 %)  by ${os.userInfo().username}`);
  expect(history).toContain(`promote  assistant  ${active} → ${canary}  by ${os.userInfo().username}`);
  await ninety.context.close();
  await ten.context.close();
});
