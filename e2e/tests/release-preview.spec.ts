import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ReleaseSite } from './support/releaseSite';

/**
 * Previewing a release and telling open tabs about a changed one (ARCHITECTURE.md "Releases"),
 * as an operator and a visitor see them: a published but unactivated release of
 * remote-knowledge is shown to one tab through `/?release=`, and a tab left open while the
 * operator activates it is offered a reload on its next in-app navigation. A server of its own
 * on its own data folder and web root; the knowledge builds are small stand-ins that pass
 * release verification (no webpack run: only the shell's pages and /chat are visited, never
 * /knowledge).
 */

const LIVE = '0.0.0-e2e00001';
const NEXT = '0.0.0-e2e00002';

let site: ReleaseSite;
let origin: string;

/** Writes a stand-in build of remote-knowledge (`version`) as the web root's current build. */
function standInBuild(version: string): void {
  const dist = site.ownDist;
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ name: 'knowledge', version }));
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      id: 'knowledge',
      name: 'knowledge',
      metaData: { name: 'knowledge', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
      exposes: [{ id: 'knowledge:KnowledgePage', name: 'KnowledgePage', path: './KnowledgePage' }],
    }),
  );
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'var knowledge = { moduleMap: { "./KnowledgePage": function () {} } };\n');
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  // A fresh data folder: the first start loads the corpus (minutes on a busy machine).
  test.setTimeout(300_000);
  site = await ReleaseSite.create({ prefix: 'kb-preview-e2e-', ownRemote: 'remote-knowledge', shared: ['shell', 'remote-assistant'] });
  origin = site.origin;
  // The first start publishes and activates LIVE; NEXT is published while the server runs, not activated.
  standInBuild(LIVE);
  await site.start();
  standInBuild(NEXT);
  expect(await site.remotes('publish', 'knowledge')).toContain(`Published knowledge@${NEXT}`);
});

test.afterAll(async () => {
  await site.stop();
});

test('a published, unactivated release is previewed in one tab until it leaves the preview', async ({ page, context }) => {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/remotes.json');
  await page.goto(`${origin}/?release=knowledge@${NEXT}&lang=en`);
  const body = (await (await answer).json()) as { remotes: { name: string; version: string }[]; preview: unknown };
  expect(body.preview).toEqual({ release: `knowledge@${NEXT}`, available: true });
  expect(body.remotes).toContainEqual(expect.objectContaining({ name: 'knowledge', version: NEXT }));
  const bar = page.getByRole('region', { name: 'Release preview' });
  await expect(bar).toContainText(`Preview of knowledge@${NEXT}: this release is not live yet.`);

  // The choice lasts for the tab: across an in-app navigation and a reload without the link.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about/);
  await page.reload();
  await expect(bar).toContainText(`Preview of knowledge@${NEXT}`);

  // Another tab sees the live site.
  const other = await context.newPage();
  await other.goto(`${origin}/about?lang=en`);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Release preview' })).toHaveCount(0);
  await other.close();

  // Everyone else still gets the live release.
  const live = (await (await fetch(`${origin}/remotes.json`)).json()) as { remotes: { name: string; version: string }[] };
  expect(live.remotes).toContainEqual(expect.objectContaining({ name: 'knowledge', version: LIVE }));

  await bar.getByRole('button', { name: 'Leave preview' }).click();
  await expect(page).not.toHaveURL(/release=/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);

  // A release that is not published is said to be unavailable.
  await page.goto(`${origin}/?release=knowledge@0.0.0-e2e0dead&lang=en`);
  await expect(bar).toContainText('Release knowledge@0.0.0-e2e0dead is not available for preview. You are seeing the live site.');
});

test('on /chat the preview bar sits below the question box, never over it (375 and 1280 px)', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${origin}/chat?release=knowledge@${NEXT}&lang=en`);
    const bar = page.getByRole('region', { name: 'Release preview' });
    await expect(bar).toBeVisible();
    const question = page.frameLocator('iframe').getByRole('textbox', { name: 'Your question' });
    await expect(question).toBeVisible();
    // The frame ends where the docked notices begin, so the question box is fully visible.
    await expect
      .poll(async () => {
        const frame = await page.locator('iframe').boundingBox();
        const shown = await bar.boundingBox();
        return frame && shown ? Math.round(frame.y + frame.height - shown.y) : Number.NaN;
      })
      .toBeLessThanOrEqual(0);
    await expect(page.locator('iframe')).toBeInViewport({ ratio: 1 });
    await bar.getByRole('button', { name: 'Leave preview' }).click();
    await expect(bar).toHaveCount(0);
    // Without notices the frame takes the whole viewport below the navbar again.
    await expect.poll(async () => Math.round((await page.locator('iframe').boundingBox())?.height ?? 0)).toBe(800 - 64);
  }
});

test('a tab open across an activation offers the reload', async ({ page }) => {
  await page.goto(`${origin}/?lang=en`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Site update' });
  await expect(offer).toHaveCount(0);

  await site.remotes('activate', 'knowledge', NEXT);
  // Nothing changes under the visitor's feet: the offer comes with their next in-app navigation.
  await expect(offer).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(offer).toContainText('A new version of this site is available.');

  // The reloaded document asks /remotes.json again; its body is read in the route, since a
  // response's body is gone from the browser once the page that asked for it navigates away.
  const answers: { remotes: { name: string; version: string }[] }[] = [];
  await page.route('**/remotes.json*', async (route) => {
    const response = await route.fetch();
    answers.push((await response.json()) as (typeof answers)[number]);
    await route.fulfill({ response });
  });
  const reloaded = page.waitForEvent('load');
  await offer.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/about/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  expect(answers.at(-1)?.remotes).toContainEqual(expect.objectContaining({ name: 'knowledge', version: NEXT }));
  await page.unrouteAll({ behavior: 'wait' });
});
