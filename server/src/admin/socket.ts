import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { AdminCommandError, UNKNOWN_ACTOR, type AdminArgs, type AdminCommands } from './registry.js';

/**
 * The admin socket (ARCHITECTURE.md "Data"): `DATA_DIR/admin.sock`, a Unix socket with file
 * mode 0600 (never a TCP port), through which operator commands (`npm run forms|remotes|… --`)
 * reach the running server, the one process that owns the embedded database.
 *
 * Protocol: JSON lines over one connection. Each request is one line
 * `{"id": 1, "command": "forms.export", "args": {…}, "actor": "alice"}` (`actor`, optional: the
 * operator's OS user, recorded by audited commands); each answer is one line with the same id,
 * `{"id": 1, "ok": true, "result": …}` or `{"id": 1, "ok": false, "error": "…"}`. Requests on
 * one connection are answered in order. A line may be at most 1 MiB.
 *
 * Components add their commands to an `AdminCommands` registry (`admin/registry.ts`; `forms.*`
 * in `forms/commands.ts`); the same registry serves the socket and, when no server runs, the
 * operator CLI in its own process (see `cli/operator.ts`), so a command behaves the same both
 * ways.
 */

/** File name of the admin socket in `DATA_DIR`. */
export const ADMIN_SOCKET_FILE = 'admin.sock';

/** Longest request line accepted (bytes). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** A request line. */
export interface AdminRequest {
  id: string | number;
  command: string;
  args?: AdminArgs;
  /** The operator's OS user name (1–64 characters, no control characters or spaces). */
  actor?: string;
}

/** What an actor name may be: an OS user name, without spaces or control characters. */
const ACTOR = /^[^\s\p{Cc}]{1,64}$/u;

/**
 * The OS user this process runs as (`os.userInfo().username`), sent as the actor of admin
 * requests; `unknown` when the system cannot say (no passwd entry in a container).
 */
export function currentOsUser(): string {
  try {
    const name = os.userInfo().username;
    return ACTOR.test(name) ? name : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** An answer line. */
export type AdminResponse =
  | { id: string | number | null; ok: true; result: unknown }
  | { id: string | number | null; ok: false; error: string };

/** The listening admin socket. */
export interface AdminSocket {
  readonly path: string;
  /** Stops listening, ends open connections and removes the socket file. */
  close(): Promise<void>;
}

/** `DATA_DIR/admin.sock`. */
export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_SOCKET_FILE);
}

function parseRequest(line: string): AdminRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'the request is not valid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the request must be a JSON object';
  const r = value as { id?: unknown; command?: unknown; args?: unknown; actor?: unknown };
  if (typeof r.id !== 'string' && typeof r.id !== 'number') return 'the request needs an "id" (string or number)';
  if (typeof r.command !== 'string') return 'the request needs a "command" (string)';
  if (r.args !== undefined && (typeof r.args !== 'object' || r.args === null || Array.isArray(r.args))) {
    return '"args" must be a JSON object';
  }
  if (r.actor !== undefined && (typeof r.actor !== 'string' || !ACTOR.test(r.actor))) {
    return '"actor" must be a user name (1 to 64 characters, no spaces)';
  }
  return { id: r.id, command: r.command, args: r.args as AdminArgs | undefined, actor: r.actor };
}

/** Whether something answers on the socket at `socketPath`. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Listens on the admin socket and serves `commands`.
 *
 * A socket file left by a process that is gone is replaced; one that still answers is not.
 *
 * @param socketPath usually {@link adminSocketPath}`(DATA_DIR)`; at most ~100 bytes (Unix limit)
 * @throws Error when another process answers on `socketPath`, or the socket cannot be bound
 */
export async function startAdminSocket(options: { socketPath: string; commands: AdminCommands; logger: Logger }): Promise<AdminSocket> {
  const { socketPath, commands, logger } = options;
  if (fs.existsSync(socketPath)) {
    if (await answers(socketPath)) throw new Error(`another process already answers on the admin socket ${socketPath}`);
    fs.rmSync(socketPath, { force: true });
  }
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let queue = Promise.resolve();
    const reply = (response: AdminResponse): void => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(response)}\n`);
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (Buffer.byteLength(buffer) > MAX_REQUEST_BYTES && !buffer.includes('\n')) {
        reply({ id: null, ok: false, error: 'request line too long' });
        socket.end();
        return;
      }
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line === '') continue;
        queue = queue.then(async () => {
          const request = parseRequest(line);
          if (typeof request === 'string') return reply({ id: null, ok: false, error: request });
          try {
            const context = request.actor === undefined ? UNKNOWN_ACTOR : { actor: request.actor };
            const result = await commands.run(request.command, request.args ?? {}, context);
            reply({ id: request.id, ok: true, result: result ?? null });
          } catch (error) {
            if (error instanceof AdminCommandError) return reply({ id: request.id, ok: false, error: error.message });
            logger.error({ err: error, command: request.command }, 'admin command failed');
            reply({ id: request.id, ok: false, error: `internal error in "${request.command}" (see the server log)` });
          }
        });
      }
    });
  });
  // Created with mode 0600 from the start (umask), and set again in case the platform ignores it.
  const previousUmask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previousUmask);
  }
  fs.chmodSync(socketPath, 0o600);
  let closed = false;
  return {
    path: socketPath,
    async close() {
      if (closed) return;
      closed = true;
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const c of connections) c.end();
      setTimeout(() => {
        for (const c of connections) c.destroy();
      }, 2000).unref();
      await done;
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** Thrown by {@link callAdmin} when no server listens on the socket (no file, or a stale one). */
export class AdminUnavailableError extends Error {
  override name = 'AdminUnavailableError';
}

/**
 * Sends one command to the server over its admin socket and waits for the answer.
 *
 * @param socketPath usually {@link adminSocketPath}`(DATA_DIR)`
 * @param timeoutMs  how long to wait for the answer (default 10 minutes: exports can be large)
 * @param actor      who asks, recorded by audited commands (default {@link currentOsUser})
 * @returns the command's `result`
 * @throws AdminUnavailableError when nothing listens there (ENOENT, ECONNREFUSED)
 * @throws AdminCommandError with the server's message when the command was refused or failed
 * @throws Error on a broken connection or a timeout
 */
export function callAdmin(
  socketPath: string,
  command: string,
  args: AdminArgs = {},
  timeoutMs = 600_000,
  actor: string = currentOsUser(),
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.setEncoding('utf8');
    let buffer = '';
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`no answer from the admin socket within ${timeoutMs} ms`))), timeoutMs);
    socket.on('connect', () => socket.write(`${JSON.stringify({ id: 1, command, args, actor })}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      let response: AdminResponse;
      try {
        response = JSON.parse(buffer.slice(0, newline)) as AdminResponse;
      } catch {
        return finish(() => reject(new Error('the admin socket sent an answer that is not JSON')));
      }
      finish(() => (response.ok ? resolve(response.result) : reject(new AdminCommandError(response.error))));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const gone = error.code === 'ENOENT' || error.code === 'ECONNREFUSED';
      finish(() => reject(gone ? new AdminUnavailableError(`no server answers on ${socketPath}`) : error));
    });
    socket.on('close', () => finish(() => reject(new Error('the admin socket closed before answering'))));
  });
}
