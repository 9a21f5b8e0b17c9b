import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './open';

/** Every file and folder under `dir` with its permission bits, e.g. `['pgdata/PG_VERSION', 0o600]`. */
function modes(dir: string): [string, number][] {
  const out: [string, number][] = [];
  const visit = (target: string): void => {
    const stat = fs.lstatSync(target);
    out.push([path.relative(dir, target) || '.', stat.mode & 0o777]);
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) visit(path.join(target, name));
  };
  visit(dir);
  return out;
}

describe('the data folder', () => {
  let umask: number;
  let dir: string;
  beforeEach(() => {
    // A server run from a shell with the usual umask 022, which made world-writable database files.
    umask = process.umask(0o022);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-private-'));
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds only files 0600 and folders 0700 around the embedded database, older files included', async () => {
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'releases', 'assistant'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'releases', 'assistant', 'index.html'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dir, 'releases', 'assistant', 'index.html'), 0o666);
    const db = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    try {
      await db.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (1); CHECKPOINT');
      // While it runs, the folders keep everyone else out.
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dir, 'pgdata')).mode & 0o777).toBe(0o700);
    } finally {
      await db.close();
    }
    const all = modes(dir);
    expect(all.filter(([name]) => name.startsWith('pgdata/')).length).toBeGreaterThan(100);
    const wrong = all.filter(([name, mode]) => {
      const isDir = fs.lstatSync(path.join(dir, name)).isDirectory();
      return mode !== (isDir ? 0o700 : 0o600);
    });
    expect(wrong.map(([name, mode]) => `${name} ${mode.toString(8)}`)).toEqual([]);
  });
});
