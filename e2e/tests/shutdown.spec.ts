import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The built server's lifecycle as an operator sees it (docs/operations.md), on a
 * server of its own (PORT=0, KNOWLEDGE_PORT=0, a scratch DATA_DIR), no browser:
 * - `npm run db -- backup` works while it runs (the server writes the archive), `restore` is
 *   refused naming its PID, wrong usage exits 2;
 * - SIGTERM while a request is in flight: no new connections, the request completes, exit 0,
 *   lock and admin socket gone, the database marked cleanly shut down, and the next start is
 *   ready without recovery;
 * - a request that never completes does not keep the server alive: it is cut after the grace
 *   period and the exit is still 0.
 */

const repo = path.resolve(__dirname, '..', '..');
const node = process.execPath;

let dataDir: string;
let server: { child: ChildProcess; port: number; exit: Promise<number | null> } | undefined;

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, PORT: '0', KNOWLEDGE_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete e.DATABASE_URL;
  return e;
}

/** Starts server/dist/main.js and waits for its "listening" log line (which names the port) and /readyz. */
async function start(): Promise<void> {
  const child = spawn(node, [path.join(repo, 'server', 'dist', 'main.js')], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer): void => {
      output = (output + d.toString()).slice(-8000);
      const m = /"urls":\["http:\/\/localhost:(\d+)"/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exit.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status, { timeout: 60_000 }).toBe(200);
  server = { child, port, exit };
}

function cli(name: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(node, [path.join(repo, 'server', 'dist', 'cli', `${name}.js`), ...args], { env: env(), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Opens a POST whose headers the server has taken (it answered `100 Continue`) and whose body is not sent yet. */
async function openRequest(port: number, body: string): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await expect.poll(() => text, { timeout: 15_000 }).toContain('100 Continue');
  return { socket, received: () => text, closed };
}

/** Whether a new TCP connection to `port` is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** PGlite's database state in `global/pg_control` (1 = shut down cleanly, 6 = was running). */
function databaseState(): number {
  return fs.readFileSync(path.join(dataDir, 'pgdata', 'global', 'pg_control')).readInt32LE(16);
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);

test.beforeAll(async () => {
  test.setTimeout(600_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-shutdown-e2e-'));
  await start();
});

test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exit;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('npm run db: backup while the server runs, restore refused naming it, wrong usage exits 2', async () => {
  const running = server;
  if (!running) throw new Error('no server');
  const file = path.join(dataDir, '..', `${path.basename(dataDir)}-backup.tgz`);
  try {
    const backup = await cli('db', 'backup', file);
    // The one line every operator command writes: which database, and how it was reached.
    expect(backup.stderr).toBe(`db: database PGlite in ${path.join(dataDir, 'pgdata')}, through the running server\n`);
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    expect(backup.stdout).toContain('by the running server');
    expect(backup.code).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(1024 * 1024);

    const restore = await cli('db', 'restore', file);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`restore needs the server stopped: process ${running.child.pid} holds ${dataDir}`);

    expect((await cli('db')).code).toBe(2);
    expect((await cli('db', 'backup')).code).toBe(2);
    expect((await cli('db', 'copy', file)).code).toBe(2);
    const missing = await cli('db', 'restore', `${file}.missing`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no backup file at ${file}.missing`);
  } finally {
    fs.rmSync(file, { force: true });
  }
});

test('SIGTERM: new connections refused, the request in flight completes, exit 0, lock released, next start needs no recovery', async () => {
  const running = server;
  if (!running) throw new Error('no server');
  const email = `shutdown-${Date.now()}@example.org`;
  const body = JSON.stringify({ email });
  const inFlight = await openRequest(running.port, body);

  running.child.kill('SIGTERM');
  await expect.poll(() => accepts(running.port), { timeout: 15_000 }).toBe(false);
  expect(running.child.exitCode).toBeNull(); // still finishing the request

  inFlight.socket.write(body);
  await inFlight.closed;
  const response = inFlight.received();
  expect(response).toMatch(/HTTP\/1\.1 200 OK/);
  expect(response).toContain('{"success":true}');

  expect(await running.exit).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
  expect(databaseState()).toBe(1); // cleanly shut down: the next start replays nothing

  await start();
  const exported = await cli('forms', 'export', 'subscribers', '--format', 'json');
  expect(exported.code).toBe(0);
  expect(JSON.parse(exported.stdout)).toEqual([expect.objectContaining({ email })]);
});

test('a request that never completes is cut after the grace period and the exit is still 0', async () => {
  const running = server;
  if (!running) throw new Error('no server');
  const stuck = await openRequest(running.port, JSON.stringify({ email: 'never-sent@example.org' }));
  running.child.kill('SIGTERM');
  expect(await running.exit).toBe(0);
  await stuck.closed;
  expect(stuck.received()).not.toContain('HTTP/1.1 200');
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  expect(databaseState()).toBe(1);
  server = undefined;
});
