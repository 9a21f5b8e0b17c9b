import fs from 'node:fs';
import path from 'node:path';

/** The umask the server runs with: what it creates is its user's alone (files 0600, folders 0700). */
export const PRIVATE_UMASK = 0o077;

/**
 * Keeps the data folder private to the server's user: sets the process's umask to
 * {@link PRIVATE_UMASK}, so every file and folder created from now on is `0600` or `0700`
 * (except what is chmodded explicitly: PGlite makes its files 0666), and takes group and other
 * permissions off what is already in `dataDir` (files a server without this umask created
 * `0666`, folders `0755`). Symbolic links are not followed.
 *
 * Must run on the main thread (`process.umask` throws in a worker) before the database opens.
 *
 * @param dataDir `DATA_DIR` or a folder in it (absolute); a folder that does not exist yet is left alone
 * @returns how many files and folders had their mode changed
 * @throws the file system's error when a mode cannot be read or changed
 */
export function keepDataDirPrivate(dataDir: string): number {
  process.umask(PRIVATE_UMASK);
  let changed = 0;
  const visit = (target: string): void => {
    const stat = fs.lstatSync(target);
    if (!stat.isDirectory() && !stat.isFile()) return;
    const mode = stat.mode & 0o7777;
    if ((mode & PRIVATE_UMASK) !== 0) {
      fs.chmodSync(target, mode & ~PRIVATE_UMASK);
      changed += 1;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) visit(path.join(target, name));
  };
  if (fs.existsSync(dataDir)) visit(dataDir);
  return changed;
}
