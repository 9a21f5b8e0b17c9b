import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logger';
import { AdminCommandError, AdminCommands } from './registry';
import {
  AdminUnavailableError,
  adminSocketPath,
  callAdmin,
  startAdminSocket,
  type AdminSocket,
} from './socket';

/** Sends raw lines on one connection and collects `count` answer lines. */
function exchange(socketPath: string, text: string, count: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(text));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n').filter(Boolean);
      if (lines.length >= count) {
        socket.destroy();
        resolve(lines.map((l) => JSON.parse(l) as unknown));
      }
    });
    socket.on('error', reject);
  });
}

describe('the admin socket', () => {
  let dir: string;
  let socket: AdminSocket;
  const commands = new AdminCommands()
    .register('test.echo', { description: 'echoes its args', run: (args) => Promise.resolve({ echoed: args }) })
    .register('test.refuse', { description: 'refuses', run: () => Promise.reject(new AdminCommandError('not like this')) })
    .register('test.crash', { description: 'fails', run: () => Promise.reject(new Error('secret internals')) })
    .register('test.whoami', { description: 'who asks', run: (_args, { actor }) => Promise.resolve({ actor }) });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-admin-'));
    socket = await startAdminSocket({ socketPath: adminSocketPath(dir), commands, logger: createLogger('silent') });
  });
  afterAll(async () => {
    await socket.close();
  });

  it('is a Unix socket in DATA_DIR that only its owner may open (mode 0600)', () => {
    const stat = fs.statSync(path.join(dir, 'admin.sock'));
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('runs registered commands and lists them', async () => {
    expect(await callAdmin(socket.path, 'ping')).toEqual({ pong: true, pid: process.pid });
    expect(await callAdmin(socket.path, 'test.echo', { a: 1, b: 'ğ' })).toEqual({ echoed: { a: 1, b: 'ğ' } });
    expect(await callAdmin(socket.path, 'help')).toEqual([
      { name: 'test.crash', description: 'fails' },
      { name: 'test.echo', description: 'echoes its args' },
      { name: 'test.refuse', description: 'refuses' },
      { name: 'test.whoami', description: 'who asks' },
    ]);
  });

  it('passes refusals on and hides internal errors', async () => {
    await expect(callAdmin(socket.path, 'test.refuse')).rejects.toThrow(new AdminCommandError('not like this'));
    await expect(callAdmin(socket.path, 'test.crash')).rejects.toThrow(/internal error in "test.crash"/);
    await expect(callAdmin(socket.path, 'nope')).rejects.toThrow(/unknown command "nope"/);
  });

  it('answers JSON lines in order on one connection, and bad lines with an error', async () => {
    const answers = await exchange(
      socket.path,
      '{"id":1,"command":"test.echo","args":{"n":1}}\nnot json\n{"id":"b","command":"ping"}\n{"id":3}\n',
      4,
    );
    expect(answers).toEqual([
      { id: 1, ok: true, result: { echoed: { n: 1 } } },
      { id: null, ok: false, error: 'the request is not valid JSON' },
      { id: 'b', ok: true, result: { pong: true, pid: process.pid } },
      { id: null, ok: false, error: 'the request needs a "command" (string)' },
    ]);
  });

  it("tells a command who asks: the CLI's OS user, a request's actor, or unknown", async () => {
    expect(await callAdmin(socket.path, 'test.whoami')).toEqual({ actor: os.userInfo().username });
    expect(await callAdmin(socket.path, 'test.whoami', {}, 5000, 'alice')).toEqual({ actor: 'alice' });
    const answers = await exchange(
      socket.path,
      '{"id":1,"command":"test.whoami"}\n{"id":2,"command":"test.whoami","actor":"bob smith"}\n{"id":3,"command":"test.whoami","actor":7}\n',
      3,
    );
    const refusal = '"actor" must be a user name (1 to 64 characters, no spaces)';
    expect(answers).toEqual([
      { id: 1, ok: true, result: { actor: 'unknown' } },
      { id: null, ok: false, error: refusal },
      { id: null, ok: false, error: refusal },
    ]);
  });

  it('refuses to start twice on one path, replaces a stale file, and removes its file on close', async () => {
    await expect(startAdminSocket({ socketPath: socket.path, commands, logger: createLogger('silent') })).rejects.toThrow(/already answers/);
    const other = path.join(dir, 'stale.sock');
    fs.writeFileSync(other, '');
    const second = await startAdminSocket({ socketPath: other, commands, logger: createLogger('silent') });
    expect(await callAdmin(other, 'ping')).toMatchObject({ pong: true });
    await second.close();
    expect(fs.existsSync(other)).toBe(false);
    await expect(callAdmin(other, 'ping')).rejects.toThrow(AdminUnavailableError);
  });

  it('refuses bad command names and duplicates', () => {
    expect(() => new AdminCommands().register('Bad Name', { description: '', run: () => Promise.resolve() })).toThrow(/invalid/);
    expect(() => commands.register('test.echo', { description: '', run: () => Promise.resolve() })).toThrow(/already registered/);
    expect(() => new AdminCommands().register('help', { description: '', run: () => Promise.resolve() })).toThrow(/already registered/);
  });
});
