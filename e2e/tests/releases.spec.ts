import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';

/**
 * One-remote rollback, as an operator does it (ARCHITECTURE.md "Releases"): two builds of
 * remote-knowledge that differ visibly (a build-time label) are published; activating the
 * second shows it, a rollback shows the first on the next page load, the other remotes never
 * change — while the server runs (through its admin socket) and across a restart (the command
 * run on the stopped server's database). A server of its own, on its own data folder and web
 * root, so the shared e2e server is untouched.
 */

const run = promisify(execFile);
const repo = path.resolve(__dirname, '..', '..');
const node = process.execPath;

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

/** Builds remote-knowledge with a visible label into `<tmp>/builds/<label>`. */
async function buildKnowledge(label: string): Promise<string> {
  const out = path.join(tmp, 'builds', label);
  await run('npx', ['webpack', '--mode', 'production', '--output-path', out], {
    cwd: path.join(repo, 'remote-knowledge'),
    env: { ...process.env, REMOTE_BUILD_LABEL: label },
  });
  return JSON.parse(fs.readFileSync(path.join(out, 'release.json'), 'utf8')).version as string;
}

/** Makes `label`'s build the current build of remote-knowledge in the test's web root. */
function useBuild(label: string): void {
  const dist = path.join(tmp, 'web', 'remote-knowledge', 'dist');
  fs.rmSync(dist, { force: true, recursive: true });
  fs.symlinkSync(path.join(tmp, 'builds', label), dist);
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

async function stopServer(): Promise<void> {
  const s = server;
  server = undefined;
  if (!s || s.exitCode !== null) return;
  const exited = new Promise((resolve) => s.once('exit', resolve));
  s.kill('SIGTERM');
  await exited;
}

async function versions(): Promise<Record<string, string>> {
  const body = (await (await fetch(`${origin}/remotes.json`)).json()) as { remotes: { name: string; version: string }[] };
  return Object.fromEntries(body.remotes.map((r) => [r.name, r.version]));
}

async function shownLabel(page: Page): Promise<string> {
  await page.goto(`${origin}/knowledge?lang=en`);
  const remote = page.locator('[data-remote="knowledge"]');
  await expect(remote).toBeVisible();
  return remote.locator('[data-build-label]').innerText();
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);

test.beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-releases-e2e-'));
  const web = path.join(tmp, 'web');
  fs.mkdirSync(path.join(web, 'remote-knowledge'), { recursive: true });
  for (const workspace of ['shell', 'remote-assistant', 'remote-forms']) {
    fs.symlinkSync(path.join(repo, workspace), path.join(web, workspace));
  }
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
});

test.afterAll(async () => {
  await stopServer();
});

test('publish, activate and roll back one remote while the server runs and across a restart', async ({ page }) => {
  const first = await buildKnowledge('Release A');
  const second = await buildKnowledge('Release B');
  expect(second).not.toBe(first);

  // The first start publishes and activates the current builds.
  useBuild('Release A');
  await startServer();
  const before = await versions();
  expect(before.knowledge).toBe(first);
  expect(await shownLabel(page)).toBe('Release A');

  // While the server runs: publish the second build, activate it, see it.
  useBuild('Release B');
  expect(await remotes('publish', 'knowledge')).toContain(`Published knowledge@${second}`);
  await expect(remotes('publish', 'knowledge')).rejects.toThrow(/already published/);
  await remotes('activate', 'knowledge', second);
  expect(await shownLabel(page)).toBe('Release B');
  expect(await remotes('list', 'knowledge')).toMatch(new RegExp(`\\* knowledge\\s+${second}`));

  // Roll back: the next page load shows the first again; no restart, no rebuild.
  expect(await remotes('rollback', 'knowledge')).toContain(`Rolled back from ${second} to ${first}`);
  expect(await shownLabel(page)).toBe('Release A');
  const after = await versions();
  expect(after.assistant).toBe(before.assistant);
  expect(after.forms).toBe(before.forms);

  // A restart without a rebuild keeps the rollback, though the second build is still current.
  await stopServer();
  await startServer();
  expect(await shownLabel(page)).toBe('Release A');

  // With the server stopped, the same commands run on its database.
  await remotes('activate', 'knowledge', second);
  await stopServer();
  expect(await remotes('rollback', 'knowledge')).toContain(`to ${first}`);
  await remotes('activate', 'knowledge', second);
  await startServer();
  expect(await shownLabel(page)).toBe('Release B');
  const end = await versions();
  expect(end.assistant).toBe(before.assistant);
  expect(end.forms).toBe(before.forms);
  await expect(remotes('rollback', 'nonesuch')).rejects.toThrow(/Unknown remote "nonesuch"/);

  // Every change is in the audit log, with who made it: `start` or the operator's OS user.
  const user = os.userInfo().username;
  const v = (version: string): string => version.replace(/\./g, '\\.');
  const history = (await remotes('history', 'knowledge')).trimEnd().split('\n');
  expect(history).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`publish +knowledge +${v(first)} +by start$`)),
      expect.stringMatching(new RegExp(`activate knowledge +${v(first)} → ${v(second)} +by ${user}$`)),
      expect.stringMatching(new RegExp(`rollback knowledge +${v(second)} → ${v(first)} +by ${user}$`)),
    ]),
  );
});
