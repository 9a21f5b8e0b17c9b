import fs from 'node:fs';
import path from 'node:path';

/** File name of the embedded database's lock in `DATA_DIR`. */
export const LOCK_FILE = 'server.lock';

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${path.dirname(lockPath)} is in use by process ${pid} (lock file ${lockPath}). ` +
        'Stop that process first; only one process may open the embedded database.',
    );
  }
}

/** A held lock. */
export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it still holds this process's PID. Idempotent, synchronous (safe in an `exit` handler). */
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function create(file: string): boolean {
  try {
    const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    try {
      fs.writeSync(fd, `${process.pid}\n`);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the exclusive lock of a data folder: the file `DATA_DIR/server.lock`, created with
 * `O_EXCL` and holding this process's PID. A lock whose process is gone (or that holds no
 * PID) is taken over; a lock held by a live process, this one included, is refused.
 *
 * @param dataDir the folder (created when missing)
 * @throws DataDirLockedError when a live process holds the lock
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file)) return held(file);
    const pid = readPid(file);
    if (pid !== undefined && isAlive(pid)) throw new DataDirLockedError(file, pid);
    // Stale: move it aside atomically so that of two processes taking over, only one wins.
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue; // someone else moved or replaced it first: look again
    }
    const movedPid = readPid(aside);
    if (movedPid !== pid) {
      // We moved a lock another process had just created: put it back and look again.
      try {
        fs.renameSync(aside, file);
      } catch {
        fs.rmSync(aside, { force: true });
      }
      continue;
    }
    fs.rmSync(aside, { force: true });
  }
  const pid = readPid(file) ?? 0;
  throw new DataDirLockedError(file, pid);
}

function held(file: string): DataDirLock {
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { path: file, release };
}
