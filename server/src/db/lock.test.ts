import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './lock';
import { openDatabase } from './open';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'kb-lock-'));
}

/** The PID of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data folder lock', () => {
  it('holds the PID in DATA_DIR and refuses a second opener while held', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process \d+/);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an empty lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '');
    acquireDataDirLock(dir).release();
  });

  it('keeps a second server off the embedded database until the first closes it', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    await expect(openDatabase({ dataDir: dir, databaseUrl: undefined })).rejects.toThrow(DataDirLockedError);
    await first.query('CREATE TABLE kept (n int)');
    await first.query('INSERT INTO kept VALUES (42)');
    await first.close();
    const second = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    expect(await second.query('SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await second.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
