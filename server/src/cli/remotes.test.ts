import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminCommands, SERVER_DATABASE_COMMAND } from '../admin/registry';
import { adminSocketPath, startAdminSocket, type AdminSocket } from '../admin/socket';
import type { Database } from '../db/database';
import { describeDatabase } from '../db/describe';
import { createLogger } from '../logger';
import { registerReleaseCommands } from '../releases/commands';
import { openTestDatabase, testBackends } from '../testing/databases';
import { writeRemoteBuild } from '../testing/remote-builds';
import { runOperatorCommand } from './operator';
import { main } from './remotes';

/** Runs `npm run remotes -- <argv>` in this process, capturing its exit status and output. */
async function remotes(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  try {
    const code = await main(argv);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

/** Sets environment variables for one test, restoring them afterwards. */
function withEnv(vars: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

describe('npm run remotes: which database', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('on a DATA_DIR without a database says which one it looked for, creates nothing and exits 1', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-remotes-cli-'));
    const wrong = path.join(parent, 'data');
    restore = withEnv({ DATA_DIR: wrong, DATABASE_URL: undefined });
    for (const argv of [['list'], ['publish', 'knowledge'], ['activate', 'knowledge', '0.1.0-1a2b3c4d']]) {
      const run = await remotes(...argv);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`remotes: no database in ${path.join(wrong, 'pgdata')} and no server answers on ${path.join(wrong, 'admin.sock')}`);
      expect(run.stderr).toContain('pass --init to create a new database there. Nothing was created.');
    }
    expect(fs.readdirSync(parent)).toEqual([]);

    // An existing folder that holds no database is left as it was, too.
    fs.mkdirSync(wrong);
    expect((await remotes('history')).code).toBe(1);
    expect(fs.readdirSync(wrong)).toEqual([]);
  });

  it('creates the database only when asked (--init)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-remotes-init-'));
    const config = { dataDir, databaseUrl: undefined };
    const register = (c: AdminCommands, db: Database): void =>
      registerReleaseCommands(c, { db, webRoot: dataDir, releasesDir: path.join(dataDir, 'releases') });
    const created = await runOperatorCommand({ config, command: 'remotes.list', args: {}, register, init: true });
    expect(created).toEqual({ result: [], via: 'embedded', database: `PGlite in ${path.join(dataDir, 'pgdata')}` });
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});

describe.each(testBackends)('npm run remotes through the running server ($name)', (backend) => {
  let db: Database;
  let socket: AdminSocket;
  let dataDir: string;
  let webRoot: string;
  let restore: () => void;
  const releasesDir = (): string => path.join(dataDir, 'releases');

  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-remotes-server-'));
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-remotes-web-'));
    const commands = new AdminCommands();
    registerReleaseCommands(commands, { db, webRoot, releasesDir: releasesDir(), logger: createLogger('silent') });
    // As operations.ts does: the server says which database it uses.
    commands.register(SERVER_DATABASE_COMMAND, {
      description: 'which database',
      run: () => Promise.resolve({ database: describeDatabase({ dataDir, databaseUrl: undefined }) }),
    });
    socket = await startAdminSocket({ socketPath: adminSocketPath(dataDir), commands, logger: createLogger('silent') });
    restore = withEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined, WEB_ROOT: webRoot });
  }, 120_000);
  afterAll(async () => {
    restore();
    await socket.close();
    await db.close();
  });

  it('refuses to activate a release with a missing remoteEntry.js unless forced, and lists the history with the operator', async () => {
    const operator = os.userInfo().username;
    const dist = path.join(webRoot, 'remote-knowledge', 'dist');
    writeRemoteBuild(dist, 'knowledge', '0.1.0-00000001');
    const first = await remotes('publish', 'knowledge');
    expect(first).toMatchObject({ code: 0, stdout: expect.stringContaining('Published knowledge@0.1.0-00000001') as string });
    expect(first.stderr).toBe(`remotes: database PGlite in ${path.join(dataDir, 'pgdata')}, through the running server\n`);
    expect((await remotes('activate', 'knowledge', '0.1.0-00000001')).stdout).toBe(
      'knowledge@0.1.0-00000001 is active; visitors get it on their next page load.\n',
    );

    writeRemoteBuild(dist, 'knowledge', '0.1.0-00000002');
    expect((await remotes('publish', 'knowledge')).code).toBe(0);
    const entry = path.join(releasesDir(), 'knowledge', '0.1.0-00000002', 'remoteEntry.js');
    fs.renameSync(entry, `${entry}.away`);
    const refused = await remotes('activate', 'knowledge', '0.1.0-00000002');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('remotes: knowledge@0.1.0-00000002 failed verification, so it was not activated: remoteEntry.js is missing');
    expect((await remotes('list', 'knowledge')).stdout).toMatch(/^\* knowledge +0\.1\.0-00000001 /m);

    const forced = await remotes('activate', 'knowledge', '0.1.0-00000002', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stderr).toMatch(/^remotes: warning: remoteEntry\.js is missing \(.*\)$/m);
    expect(forced.stderr).toContain('remotes: --force: going ahead although verification failed');
    expect(forced.stdout).toBe('knowledge@0.1.0-00000002 is active (was 0.1.0-00000001); visitors get it on their next page load.\n');

    fs.renameSync(`${entry}.away`, entry);
    expect((await remotes('rollback', 'knowledge')).stdout).toContain('Rolled back from 0.1.0-00000002 to 0.1.0-00000001');

    const history = await remotes('history', 'knowledge');
    expect(history.code).toBe(0);
    const lines = history.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.replace(/^\S+ +/, '').replace(/ +/g, ' '))).toEqual([
      `publish knowledge 0.1.0-00000001 by ${operator}`,
      `activate knowledge 0.1.0-00000001 by ${operator}`,
      `publish knowledge 0.1.0-00000002 by ${operator}`,
      `activate knowledge 0.1.0-00000001 → 0.1.0-00000002 by ${operator} (forced)`,
      `rollback knowledge 0.1.0-00000002 → 0.1.0-00000001 by ${operator}`,
    ]);
    for (const line of lines) expect(Date.parse(line.split(' ')[0] ?? '')).not.toBeNaN();
  });

  it('prunes through the server, keeping the active release and the one active in the last 24 h', async () => {
    const pruned = await remotes('prune', '--keep', '0', 'knowledge');
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toBe(
      'Kept knowledge@0.1.0-00000002 (active in the last 24 h)\nKept knowledge@0.1.0-00000001 (active)\nNothing to remove.\n',
    );
    expect(fs.existsSync(path.join(releasesDir(), 'knowledge', '0.1.0-00000001', 'remoteEntry.js'))).toBe(true);
  });

  it('runs a canary through the server: start, list, replace, keep it on prune, promote, and audit each step', async () => {
    const operator = os.userInfo().username;
    const started = await remotes('activate', 'knowledge', '0.1.0-00000002', '--percent', '50');
    expect(started).toMatchObject({ code: 0, stderr: expect.stringContaining('through the running server') as string });
    expect(started.stdout).toBe(
      'knowledge@0.1.0-00000002 is the canary for 50 % of visitors; the others keep 0.1.0-00000001. Promote it with: npm run remotes -- promote knowledge\n',
    );
    const listed = (await remotes('list', 'knowledge')).stdout;
    expect(listed).toMatch(/^~ knowledge +0\.1\.0-00000002 +\S+ +canary 50 %$/m);
    expect(listed).toMatch(/^\* knowledge +0\.1\.0-00000001 /m);

    const refused = await remotes('activate', 'knowledge', '0.1.0-00000002');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('remotes: knowledge@0.1.0-00000002 runs as a canary (50 %): promote it');

    expect((await remotes('activate', 'knowledge', '0.1.0-00000002', '--percent', '10')).stdout).toContain(
      'is the canary for 10 % of visitors (replacing 0.1.0-00000002 at 50 %)',
    );
    expect((await remotes('prune', '--keep', '0', 'knowledge')).stdout).toContain('Kept knowledge@0.1.0-00000002 (canary)');
    expect((await remotes('promote', 'knowledge')).stdout).toBe(
      'Promoted the canary: 0.1.0-00000002 is active for every visitor (was 0.1.0-00000001); visitors get it on their next page load.\n',
    );
    const promoteAgain = await remotes('promote', 'knowledge');
    expect(promoteAgain.code).toBe(1);
    expect(promoteAgain.stderr).toContain('knowledge runs no canary to promote');

    const history = (await remotes('history', 'knowledge', '--limit', '3')).stdout.trimEnd().split('\n');
    expect(history.map((l) => l.replace(/^\S+ +/, '').replace(/ +/g, ' '))).toEqual([
      `canary-start knowledge 0.1.0-00000001 → 0.1.0-00000002 (50 %) by ${operator}`,
      `canary-replace knowledge 0.1.0-00000002 → 0.1.0-00000002 (10 %) by ${operator}`,
      `promote knowledge 0.1.0-00000001 → 0.1.0-00000002 by ${operator}`,
    ]);

    await remotes('activate', 'knowledge', '0.1.0-00000001', '--percent', '5');
    expect((await remotes('rollback', 'knowledge')).stdout).toBe(
      'Ended the canary 0.1.0-00000001; every visitor gets 0.1.0-00000002 again on their next page load.\n',
    );
  });

  it('refuses to act through a server that uses another database than its own configuration', async () => {
    const undo = withEnv({ DATABASE_URL: 'postgres://kb:secret@db.internal:5432/kb' });
    try {
      const run = await remotes('list');
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(
        `remotes: the server answering on ${path.join(dataDir, 'admin.sock')} uses PGlite in ${path.join(dataDir, 'pgdata')}, ` +
          'but this command is configured for PostgreSQL db.internal:5432/kb (DATABASE_URL).',
      );
      expect(run.stderr).not.toContain('secret');
    } finally {
      undo();
    }
  });
});
