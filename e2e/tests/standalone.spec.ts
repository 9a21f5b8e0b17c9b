import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Standalone development (ARCHITECTURE.md "Module Federation"): each remote's own
 * `npm run dev`, with no shell on the page, renders its screen in its own providers and its
 * language toggle switches the text between English and Turkish. The dev server listens on a
 * port the system picks (read back from its log), proxies `/api` to the suite's server, and is
 * always stopped, with its whole process group.
 */

const repo = path.resolve(__dirname, '..', '..');
/** A dev build on a busy 2-core machine compiles in 20–60 s; past this the test fails. */
const STARTUP_MS = 180_000;

interface DevServer {
  url: string;
  child: ChildProcess;
}

/**
 * Starts `npm run dev -w <workspace>` on 127.0.0.1 and a free port, in a process group of its
 * own, and resolves with its URL once the first compilation is served.
 *
 * @throws when the server does not print its address or answer within {@link STARTUP_MS}
 */
async function startDevServer(workspace: string): Promise<DevServer> {
  const child = spawn('npm', ['run', 'dev', '-w', workspace, '--', '--host', '127.0.0.1', '--port', '0'], {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', KB_SERVER: `http://127.0.0.1:${process.env.E2E_PORT}` },
  });
  let output = '';
  const started = Date.now();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${workspace}: no address in ${STARTUP_MS} ms\n${output}`)), STARTUP_MS);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        const match = /Loopback: (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${workspace}: dev server exited (${code})\n${output}`));
      });
    });
    // The dev middleware holds requests until the first compilation is done.
    const left = STARTUP_MS - (Date.now() - started);
    const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(left, 1_000)) });
    if (!response.ok) throw new Error(`${workspace}: ${url} answered ${response.status}`);
    return { url, child };
  } catch (error) {
    await stopDevServer(child);
    throw error;
  }
}

/** Stops the dev server's process group (npm, its shell, webpack): SIGTERM, then SIGKILL after 5 s. */
async function stopDevServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // The group is already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  // npm may exit before webpack does; make sure nothing of the group is left.
  signal('SIGKILL');
}

const remotes = [
  {
    workspace: 'remote-knowledge',
    path: '/',
    toggle: /^Language \/ Dil$/,
    heading: { en: 'Knowledge Sources', tr: 'Bilgi Kaynakları' },
  },
  {
    workspace: 'remote-assistant',
    path: '/search',
    toggle: /standalone shell|bağımsız kabuk/,
    heading: { en: 'Empty', tr: 'Boş' },
  },
  {
    workspace: 'remote-forms',
    path: '/',
    toggle: /^Language \/ Dil$/,
    heading: { en: 'Contact Us', tr: 'Bize Ulaşın' },
  },
];

test.describe('standalone remotes', () => {
  let server: DevServer | undefined;

  test.afterEach(async () => {
    if (server) await stopDevServer(server.child);
    server = undefined;
  });

  for (const remote of remotes) {
    test(`${remote.workspace}: npm run dev renders and its language toggle switches EN ↔ TR`, async ({ page }) => {
      test.setTimeout(STARTUP_MS + 60_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      server = await startDevServer(remote.workspace);
      await page.goto(server.url + remote.path);

      const toggle = page.getByRole('group', { name: remote.toggle });
      try {
        await expect(toggle).toBeVisible();
      } catch (error) {
        // A blank page: the uncaught error says why.
        expect(errors).toEqual([]);
        throw error;
      }
      await toggle.getByRole('button', { name: 'EN', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: remote.heading.en, exact: true })).toBeVisible();

      await toggle.getByRole('button', { name: 'TR', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: remote.heading.tr, exact: true })).toBeVisible();
      // As the shell does, the page's language follows the toggle (screen readers read it).
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr');

      await toggle.getByRole('button', { name: 'EN', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: remote.heading.en, exact: true })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      expect(errors).toEqual([]);
    });
  }
});
