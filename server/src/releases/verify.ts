import fs from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';
import { REMOTES, type RemoteName } from '@kb/contracts';

/**
 * Checks that a release can go live (ARCHITECTURE.md "Releases"): its `mf-manifest.json` and
 * the `remoteEntry.js` it names are reachable, the manifest parses as JSON, the entry parses as
 * JavaScript (compiled, never run), and both expose every module the contract lists for the
 * remote (`REMOTES` in `@kb/contracts`). `publish` and `activate` refuse a release that fails,
 * unless forced.
 */

/** Where a release's files are read from: a folder on this server, or an origin (a CDN). */
export type ReleaseLocation = { dir: string } | { baseUrl: string };

/** The outcome of {@link verifyRelease}: `problems` is empty when the release may go live. */
export interface Verification {
  /** One sentence per problem, for the operator, e.g. `remoteEntry.js is missing (…)`. */
  problems: string[];
}

/** How long one file may take to arrive from an origin (ms). */
export const VERIFY_FETCH_TIMEOUT_MS = 15_000;

/** Longest file read (bytes): a remote's entry is a few kilobytes, its manifest less. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Fetch = typeof fetch;

/** The text of one file of the release, or a sentence saying why it could not be read. */
async function readReleaseFile(location: ReleaseLocation, file: string, fetchImpl: Fetch): Promise<{ text: string } | { problem: string }> {
  if ('dir' in location) {
    const full = path.join(location.dir, file);
    try {
      const stat = await fs.stat(full);
      if (!stat.isFile()) return { problem: `${file} is not a file (${full})` };
      if (stat.size > MAX_FILE_BYTES) return { problem: `${file} is larger than ${MAX_FILE_BYTES} bytes (${full})` };
      return { text: await fs.readFile(full, 'utf8') };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { problem: code === 'ENOENT' ? `${file} is missing (${full})` : `${file} cannot be read (${full}: ${code ?? String(error)})` };
    }
  }
  const url = `${location.baseUrl}/${file}`;
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(VERIFY_FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) return { problem: `${url} answered HTTP ${res.status}` };
    const text = await res.text();
    if (text.length > MAX_FILE_BYTES) return { problem: `${url} is larger than ${MAX_FILE_BYTES} bytes` };
    return { text };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${VERIFY_FETCH_TIMEOUT_MS} ms` : (cause?.code ?? cause?.message ?? String(error));
    return { problem: `${url} is unreachable (${why})` };
  }
}

/** The entry file the manifest names (`metaData.remoteEntry`), as a relative path; default `remoteEntry.js`. */
function entryFile(manifest: Record<string, unknown>): string | { problem: string } {
  const meta = manifest.metaData as { remoteEntry?: { name?: unknown; path?: unknown } } | undefined;
  const entry = meta?.remoteEntry;
  if (entry === undefined) return 'remoteEntry.js';
  const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : 'remoteEntry.js';
  const dir = typeof entry.path === 'string' ? entry.path.replace(/^\/+|\/+$/g, '') : '';
  const file = dir ? `${dir}/${name}` : name;
  // The manifest is the release's own file, but a path outside the release is never read.
  if (file.split('/').some((part) => part === '..' || part === '') || /^[a-z]+:/i.test(file)) {
    return { problem: `mf-manifest.json names an entry outside the release ("${file}")` };
  }
  return file;
}

/**
 * Verifies one release of `name`.
 *
 * @param location  the release's folder (`RELEASES_DIR/<name>/<version>/`, or a build's `dist/`),
 *                  or its `--base-url` (no trailing slash), fetched with `fetchImpl`
 * @param fetchImpl the fetch to use for an origin (tests pass a fake); default the global one
 * @returns the problems found (none: the release may go live); never throws for a bad release
 */
export async function verifyRelease(
  name: RemoteName,
  location: ReleaseLocation,
  fetchImpl: Fetch = fetch,
): Promise<Verification> {
  const problems: string[] = [];
  const manifestFile = await readReleaseFile(location, 'mf-manifest.json', fetchImpl);
  if ('problem' in manifestFile) return { problems: [manifestFile.problem] };
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestFile.text);
  } catch {
    return { problems: ['mf-manifest.json is not valid JSON'] };
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    return { problems: ['mf-manifest.json is not a JSON object'] };
  }
  const record = manifest as Record<string, unknown>;
  const exposed = new Set(
    (Array.isArray(record.exposes) ? (record.exposes as unknown[]) : [])
      .map((e) => (typeof e === 'object' && e !== null ? (e as { path?: unknown }).path : undefined))
      .filter((p): p is string => typeof p === 'string'),
  );
  const expected: readonly string[] = REMOTES[name];
  const notInManifest = expected.filter((m) => !exposed.has(m));
  if (notInManifest.length > 0) problems.push(`mf-manifest.json does not expose ${notInManifest.join(', ')}`);

  const file = entryFile(record);
  if (typeof file !== 'string') return { problems: [...problems, file.problem] };
  const entry = await readReleaseFile(location, file, fetchImpl);
  if ('problem' in entry) return { problems: [...problems, entry.problem] };
  try {
    // Compiled only: a syntax error (a truncated upload, an HTML error page) shows here.
    new vm.Script(entry.text, { filename: file });
  } catch (error) {
    return { problems: [...problems, `${file} is not valid JavaScript (${(error as Error).message})`] };
  }
  const notInEntry = expected.filter((m) => !entry.text.includes(`"${m}"`) && !entry.text.includes(`'${m}'`));
  if (notInEntry.length > 0) problems.push(`${file} does not expose ${notInEntry.join(', ')}`);
  return { problems };
}
