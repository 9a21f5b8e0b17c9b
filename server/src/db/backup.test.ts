import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import type { ContactRequest } from '@kb/contracts';
import { AdminCommands } from '../admin/registry';
import { adminSocketPath, startAdminSocket } from '../admin/socket';
import { runOperatorCommand } from '../cli/operator';
import { registerFormsCommands } from '../forms/commands';
import { createLogger } from '../logger';
import { testApp } from '../testing/app';
import { nativePGlite, openTestDatabase, testBackends } from '../testing/databases';
import { BackupError, registerDbCommands, restoreBackup, writeBackup } from './backup';
import type { Database } from './database';
import { LOCK_FILE } from './lock';
import { migrate } from './migrate';
import { openDatabase } from './open';

const ORIGIN = 'https://kb.example.org';
const PGlite = nativePGlite();

const message: ContactRequest = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  companyName: 'Örnek A.Ş.',
  phone: '+90 212 555 01 99',
  email: 'ayse@example.org',
  category: 'feedback',
  description: 'Yedekten geri dönen mesaj — İıĞğŞş 🌙',
};

const scratchDirs: string[] = [];

function scratch(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kb-backup-${label}-`));
  scratchDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Everything the round trip must bring back, read the way operators and the site read it. */
async function snapshot(db: Database): Promise<unknown> {
  const commands = new AdminCommands();
  registerFormsCommands(commands, { db, publicOrigin: ORIGIN });
  const exported = async (kind: string): Promise<unknown> =>
    JSON.parse(((await commands.run('forms.export', { kind, format: 'json' })) as { text: string }).text);
  return {
    subscribers: await exported('subscribers'),
    contacts: await exported('contacts'),
    releases: await db.query('SELECT name, version, base_url FROM remote_releases ORDER BY name, version'),
    imports: await db.query('SELECT id, source, lang, passages FROM corpus_imports ORDER BY id'),
    migrations: await db.query('SELECT version FROM schema_migrations ORDER BY version'),
  };
}

describe('npm run db -- backup / restore (embedded database)', () => {
  it('round trip: backup through the running server, restore refused while it runs, restore into a fresh DATA_DIR gives the same rows', async () => {
    const running = scratch('running');
    const fresh = scratch('fresh');
    const out = scratch('out');
    const file = path.join(out, 'site.tgz');
    const config = { dataDir: running, databaseUrl: undefined };
    const register = (c: AdminCommands, d: Database): void => registerDbCommands(c, { db: d });

    // The "server": owns DATA_DIR, serves the admin socket, and has taken data in.
    const serverDb = await openDatabase(config);
    await migrate(serverDb);
    const site = testApp(serverDb);
    expect((await request(site).post('/api/newsletter').send({ email: 'Okur@Example.org' })).body).toEqual({ success: true });
    expect((await request(site).post('/api/contact').send(message)).body).toEqual({ success: true });
    await serverDb.query("INSERT INTO remote_releases (name, version) VALUES ('forms', '1.2.3')");
    await serverDb.query("INSERT INTO corpus_imports (id, source, lang, origin, passages) VALUES ('notes@en', 'notes', 'en', 'notes.jsonl', 2)");
    const before = await snapshot(serverDb);
    const commands = new AdminCommands();
    register(commands, serverDb);
    const socket = await startAdminSocket({ socketPath: adminSocketPath(running), commands, logger: createLogger('silent') });
    try {
      const backup = await runOperatorCommand({ config, command: 'db.backup', args: { file }, register });
      expect(backup.via).toBe('server');
      expect(backup.result).toEqual({ file, bytes: fs.statSync(file).size });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // The server keeps working after the backup.
      expect((await request(site).post('/api/newsletter').send({ email: 'after@example.org' })).body).toEqual({ success: true });

      // A second backup never overwrites the first.
      await expect(runOperatorCommand({ config, command: 'db.backup', args: { file }, register })).rejects.toThrow(/already exists/);
      // Restoring while a process holds DATA_DIR is refused, naming it.
      await expect(restoreBackup({ dataDir: running, file, PGlite })).rejects.toThrow(
        new RegExp(`restore needs the server stopped: process ${process.pid} holds`),
      );
    } finally {
      await socket.close();
      await serverDb.close();
    }

    const restored = await restoreBackup({ dataDir: fresh, file, PGlite });
    expect(restored).toMatchObject({ restoredInto: path.join(fresh, 'pgdata'), previousMovedTo: undefined });
    expect(fs.existsSync(path.join(fresh, LOCK_FILE))).toBe(false);
    const db = await openDatabase({ dataDir: fresh, databaseUrl: undefined });
    try {
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await db.close();
    }

    // A folder that holds a database is not overwritten unless asked; then the old one is kept.
    await expect(restoreBackup({ dataDir: fresh, file, PGlite })).rejects.toThrow(/already holds a database.*--replace/s);
    const replaced = await restoreBackup({ dataDir: fresh, file, replace: true, PGlite });
    expect(replaced.previousMovedTo).toMatch(/pgdata\.before-restore-/);
    expect(fs.existsSync(path.join(replaced.previousMovedTo ?? '', 'PG_VERSION'))).toBe(true);
  }, 180_000);

  it('refuses a missing, damaged or foreign archive with a message saying so, and leaves DATA_DIR untouched', async () => {
    const dataDir = scratch('bad');
    const out = scratch('bad-out');
    const damaged = path.join(out, 'damaged.tgz');
    const whole = zlib.gzipSync(crypto.randomBytes(64 * 1024));
    fs.writeFileSync(damaged, whole.subarray(0, whole.length / 2));
    const notTar = path.join(out, 'notes.tgz');
    fs.writeFileSync(notTar, zlib.gzipSync(Buffer.from('just some text, not an archive\n'.repeat(40))));

    await expect(restoreBackup({ dataDir, file: path.join(out, 'missing.tgz'), PGlite })).rejects.toThrow(/no backup file at .*missing\.tgz/);
    await expect(restoreBackup({ dataDir, file: damaged, PGlite })).rejects.toThrow(/damaged\.tgz is damaged: it cannot be decompressed/);
    await expect(restoreBackup({ dataDir, file: notTar, PGlite })).rejects.toThrow(/is not a backup of this site's database/);
    await expect(restoreBackup({ dataDir, file: out, PGlite })).rejects.toThrow(BackupError);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  describe.each(testBackends)('writeBackup on $name', (backend) => {
    it(backend.name === 'postgres' ? 'points to pg_dump instead of archiving' : 'writes a gzipped archive of the data folder', async () => {
      const db = await openTestDatabase(backend, false);
      const file = path.join(scratch(backend.name), 'x.tgz');
      try {
        if (backend.name === 'postgres') {
          await expect(writeBackup(db, file)).rejects.toThrow(/PostgreSQL \(DATABASE_URL\): back it up with pg_dump/);
          expect(fs.existsSync(file)).toBe(false);
        } else {
          const written = await writeBackup(db, file);
          expect(written.bytes).toBeGreaterThan(0);
          expect([...fs.readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
        }
      } finally {
        await db.close();
      }
    });
  });
});
