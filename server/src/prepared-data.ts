/**
 * What the build prepares for a start (`npm run build -w server` → `node dist/cli/prepare-data.js`):
 * where it goes, and the fingerprint of the code it was computed by. See `corpus/prepared.ts`
 * (the database of a first start) and `concepts/prepared-index.ts` (the glossary's index).
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
