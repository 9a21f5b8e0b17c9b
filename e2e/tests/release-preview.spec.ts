import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * Previewing a release and telling open tabs about a changed one (ARCHITECTURE.md "Releases"),
 * as an operator and a visitor see them: a published but unactivated release of
 * remote-knowledge is shown to one tab through `/?release=`, and a tab left open while the
 * operator activates it is offered a reload on its next in-app navigation. A server of its own
 * on its own data folder and web root; the knowledge builds are small stand-ins that pass
 * release verification (no webpack run: only the shell's pages are visited, never /knowledge).
 */

const run = promisify(execFile);
const repo = path.resolve(__dirname, '..', '..');
const node = process.execPath;
const LIVE = '0.0.0-e2e00001';
const NEXT = '0.0.0-e2e00002';

let tmp: string;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | undefined;
let origin: string;

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Writes a stand-in build of remote-knowledge (`version`) as the web root's current build. */
function standInBuild(version: string): void {
  const dist = path.join(tmp, 'web', 'remote-knowledge', 'dist');
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

async function remotes(...args: string[]): Promise<string> {
  const { stdout } = await run(node, [path.join(repo, 'server', 'dist', 'cli', 'remotes.js'), ...args], { env });
  return stdout;
}

async function startServer(): Promise<void> {
  server = spawn(node, [path.join(repo, 'server', 'dist', 'main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready: ${stderr}`);
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  // A fresh data folder: the first start loads the corpus (minutes on a busy machine).
  test.setTimeout(300_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-preview-e2e-'));
  const web = path.join(tmp, 'web');
  fs.mkdirSync(path.join(web, 'remote-knowledge'), { recursive: true });
  fs.symlinkSync(path.join(repo, 'shell'), path.join(web, 'shell'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    PORT: String(port),
    KNOWLEDGE_PORT: '0',
    DATA_DIR: path.join(tmp, 'data'),
    WEB_ROOT: web,
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'warn',
  };
  // The first start publishes and activates LIVE; NEXT is published while the server runs, not activated.
  standInBuild(LIVE);
  await startServer();
  standInBuild(NEXT);
  expect(await remotes('publish', 'knowledge')).toContain(`Published knowledge@${NEXT}`);
});

test.afterAll(async () => {
  const s = server;
  server = undefined;
  if (s && s.exitCode === null) {
    const exited = new Promise((resolve) => s.once('exit', resolve));
    s.kill('SIGTERM');
    await exited;
  }
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

test('a tab open across an activation offers the reload', async ({ page }) => {
  await page.goto(`${origin}/?lang=en`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Site update' });
  await expect(offer).toHaveCount(0);

  await remotes('activate', 'knowledge', NEXT);
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
