/**
 * What the build prepares for a start (`npm run build -w server` → `node dist/cli/prepare-data.js`):
 * where it goes, the fingerprint of the code it was computed by, and the keyed files of what it
 * computed. See `corpus/prepared.ts` (the database of a first start), `concepts/prepared-index.ts`
 * (the glossary's index), `concepts/glossary.ts` (the record that the glossary was validated)
 * and `lexicon/domain.ts` (the English sources' word counts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** `server/dist/prepared-data` (beside the code it belongs to; never committed). */
export const PREPARED_DATA_DIR = path.resolve(__dirname, 'prepared-data');

let cached: string | undefined;

/**
 * sha256 of the server's code: the relative path and bytes of every `.js` file of
 * `server/dist` (every `.ts` source but the tests under jest), the prepared folder left out.
 * What the build computed with it is stale once this changes. Computed once per process
 * (under 1 MB read; milliseconds).
 *
 * @throws when the code folder cannot be read
 */
export function serverCodeHash(): string {
  if (cached !== undefined) return cached;
  const root = __dirname;
  const extension = path.extname(__filename);
  const files: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== PREPARED_DATA_DIR) visit(full);
      } else if (entry.name.endsWith(extension) && !entry.name.endsWith('.d.ts') && !entry.name.includes('.test.')) {
        files.push(full);
      }
    }
  };
  visit(root);
  const hash = crypto.createHash('sha256');
  for (const file of files.sort()) hash.update(`${path.relative(root, file)}\0`).update(fs.readFileSync(file)).update('\0');
  cached = hash.digest('hex');
  return cached;
}

/**
 * sha256 of `parts` (strings or bytes) with a separator after each, so that moving bytes from
 * one part to the next changes it: the key of something the build computes from those inputs.
 */
export function preparedKey(...parts: readonly (string | Uint8Array)[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/** A file the build computed: the key of its inputs and the value. */
interface PreparedFile<T> {
  key: string;
  value: T;
}

/**
 * Writes `value` as JSON with the key of the inputs it was computed from, through a `.partial`
 * file and a rename (a build stopped halfway leaves no half file under the name).
 *
 * @returns the file's size (bytes)
 * @throws the file system's error
 */
export function writePrepared(file: string, key: string, value: unknown): number {
  const text = JSON.stringify({ key, value } satisfies PreparedFile<unknown>);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeWhole(file, text);
  return Buffer.byteLength(text);
}

/**
 * Writes `data` to `file` through `<file>.partial` and a rename, so a file of that name is
 * always complete (a build stopped halfway leaves only the partial file).
 * @throws the file system's error
 */
export function writeWhole(file: string, data: string | Uint8Array): void {
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, data);
  fs.renameSync(partial, file);
}

/**
 * The value {@link writePrepared} stored in `file` when it was computed from inputs of the same
 * `key`; undefined when the file is absent, unreadable, not JSON or of other inputs (stale), so
 * that the caller computes it as without the build. Never throws.
 */
export function readPrepared<T>(file: string, key: string): T | undefined {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PreparedFile<T>> | null;
    if (stored && typeof stored === 'object' && stored.key === key && 'value' in stored) return stored.value;
  } catch {
    // No file, or not one of ours: the caller computes the value.
  }
  return undefined;
}
