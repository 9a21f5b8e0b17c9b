import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { ReleaseSite, repo } from './support/releaseSite';

/**
 * One-remote rollback, as an operator does it (ARCHITECTURE.md "Releases"): two builds of
 * remote-knowledge that differ visibly (a build-time label) are published; activating the
 * second shows it, a rollback shows the first on the next page load, the other remotes never
 * change — while the server runs (through its admin socket) and across a restart (the command
 * run on the stopped server's database). A server of its own, on its own data folder and web
 * root, so the shared e2e server is untouched.
 */

const run = promisify(execFile);

let site: ReleaseSite;
let origin: string;

/** Builds remote-knowledge with a visible label into `<tmp>/builds/<label>`. */
async function buildKnowledge(label: string): Promise<string> {
  const out = path.join(site.tmp, 'builds', label);
  await run('npx', ['webpack', '--mode', 'production', '--output-path', out], {
    cwd: path.join(repo, 'remote-knowledge'),
    env: { ...process.env, REMOTE_BUILD_LABEL: label },
  });
  return JSON.parse(fs.readFileSync(path.join(out, 'release.json'), 'utf8')).version as string;
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
  site = await ReleaseSite.create({ prefix: 'kb-releases-e2e-', ownRemote: 'remote-knowledge' });
  origin = site.origin;
});

test.afterAll(async () => {
  await site.stop();
});

test('publish, activate and roll back one remote while the server runs and across a restart', async ({ page }) => {
  const first = await buildKnowledge('Release A');
  const second = await buildKnowledge('Release B');
  expect(second).not.toBe(first);

  // The first start publishes and activates the current builds.
  site.useBuild('Release A');
  await site.start();
  const before = await versions();
  expect(before.knowledge).toBe(first);
  expect(await shownLabel(page)).toBe('Release A');

  // While the server runs: publish the second build, activate it, see it.
  site.useBuild('Release B');
  expect(await site.remotes('publish', 'knowledge')).toContain(`Published knowledge@${second}`);
  await expect(site.remotes('publish', 'knowledge')).rejects.toThrow(/already published/);
  await site.remotes('activate', 'knowledge', second);
  expect(await shownLabel(page)).toBe('Release B');
  expect(await site.remotes('list', 'knowledge')).toMatch(new RegExp(`\\* knowledge\\s+${second}`));

  // Roll back: the next page load shows the first again; no restart, no rebuild.
  expect(await site.remotes('rollback', 'knowledge')).toContain(`Rolled back from ${second} to ${first}`);
  expect(await shownLabel(page)).toBe('Release A');
  const after = await versions();
  expect(after.assistant).toBe(before.assistant);
  expect(after.forms).toBe(before.forms);

  // A restart without a rebuild keeps the rollback, though the second build is still current.
  await site.stop();
  await site.start();
  expect(await shownLabel(page)).toBe('Release A');

  // With the server stopped, the same commands run on its database.
  await site.remotes('activate', 'knowledge', second);
  await site.stop();
  expect(await site.remotes('rollback', 'knowledge')).toContain(`to ${first}`);
  await site.remotes('activate', 'knowledge', second);
  await site.start();
  expect(await shownLabel(page)).toBe('Release B');
  const end = await versions();
  expect(end.assistant).toBe(before.assistant);
  expect(end.forms).toBe(before.forms);
  await expect(site.remotes('rollback', 'nonesuch')).rejects.toThrow(/Unknown remote "nonesuch"/);

  // Every change is in the audit log, with who made it: `start` or the operator's OS user.
  const user = os.userInfo().username;
  const v = (version: string): string => version.replace(/\./g, '\\.');
  const history = (await site.remotes('history', 'knowledge')).trimEnd().split('\n');
  expect(history).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`publish +knowledge +${v(first)} +by start$`)),
      expect.stringMatching(new RegExp(`activate knowledge +${v(first)} → ${v(second)} +by ${user}$`)),
      expect.stringMatching(new RegExp(`rollback knowledge +${v(second)} → ${v(first)} +by ${user}$`)),
    ]),
  );
});
