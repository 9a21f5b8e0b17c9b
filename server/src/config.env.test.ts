/**
 * The README's configuration tables and the code agree: every environment variable a source
 * file reads is listed in README.md's "Configuration" section (the main table or the one
 * "for tests and tools"), and every variable listed there is read somewhere.
 *
 * What counts as a read, in the non-test source files of the workspaces and tool folders
 * (`*.test.*` files are left out: they only save and restore variables for a test):
 * - `process.env.NAME`, `process.env['NAME']`, `const { NAME, OTHER: alias } = process.env`;
 * - in the configuration modules that read an `env` record passed to them (a file that
 *   indexes `env[…]`, like `config.ts`): every string literal that is an upper-case
 *   variable name, such as `value(env, 'PORT')` or `get('LLM_MODEL')`.
 *
 * What counts as listed: each backticked name in the first cell of a table row of README.md's
 * "## Configuration" section (several names in one cell are several variables). Names are
 * written out in full: no `PREFIX_*` patterns and no `_ASK_`-style shorthands.
 */
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/** Folders scanned for reads, relative to the repository root (`remote-*` added below). */
const SCANNED = ['server/src', 'server/scripts', 'shell', 'packages', 'tooling', 'bench', 'soak', 'e2e'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'bench-results', 'test-results', 'playwright-report', 'coverage']);
const SOURCE_FILE = /\.(?:[cm]?js|tsx?)$/;
const TEST_FILE = /\.test\.(?:[cm]?js|tsx?)$/;
const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) out.push(...sourceFiles(path.join(dir, entry.name)));
    } else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/**
 * The environment variables one source text reads (see the file's docstring for the forms).
 *
 * @param text a JavaScript or TypeScript source
 * @returns the names, each once
 */
function envReads(text: string): Set<string> {
  const names = new Set<string>();
  const add = (name: string | undefined): void => {
    if (name !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) names.add(name);
  };
  for (const m of text.matchAll(/process\.env\??\.([A-Za-z_][A-Za-z0-9_]*)/g)) add(m[1]);
  for (const m of text.matchAll(/process\.env\??\.?\[\s*(['"`])([A-Za-z_][A-Za-z0-9_]*)\1\s*\]/g)) add(m[2]);
  for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const part of (m[1] ?? '').split(',')) add(part.split(/[:=]/)[0]?.trim());
  }
  if (/\benv\[/.test(text)) {
    for (const m of text.matchAll(/(['"])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\1/g)) add(m[2]);
  }
  return names;
}

/** Every variable read in the scanned folders, with the files (relative) that read it. */
function readsInRepository(): Map<string, string[]> {
  const remotes = fs.readdirSync(repoRoot).filter((name) => name.startsWith('remote-'));
  const files = [...SCANNED, ...remotes].flatMap((dir) => sourceFiles(path.join(repoRoot, dir)));
  const reads = new Map<string, string[]>();
  for (const file of files) {
    for (const name of envReads(fs.readFileSync(file, 'utf8'))) {
      reads.set(name, [...(reads.get(name) ?? []), path.relative(repoRoot, file)]);
    }
  }
  return reads;
}

/**
 * The names in the first cell of each table row of a README's "## Configuration" section.
 *
 * @returns the names in order (a name listed twice appears twice) and the backticked tokens
 *   of first cells that are not a whole variable name
 */
function listedInReadme(readme: string): { names: string[]; malformed: string[] } {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^## Configuration\s*$/.test(l));
  if (start < 0) return { names: [], malformed: [] };
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  const names: string[] = [];
  const malformed: string[] = [];
  for (const line of lines.slice(start + 1, end < 0 ? undefined : end)) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const m of firstCell.matchAll(/`([^`]+)`/g)) {
      const token = m[1] ?? '';
      if (NAME.test(token)) names.push(token);
      else malformed.push(token);
    }
  }
  return { names, malformed };
}

describe('envReads', () => {
  it('finds dotted, indexed, destructured and env-record reads', () => {
    const text = [
      "const a = process.env.ALPHA ?? '1';",
      "const b = process.env['BETA'];",
      'const { GAMMA, DELTA: d, EPSILON = "x" } = process.env;',
      'function get(env) { return env[name]; }',
      "const z = value(env, 'ZETA'); const h = get('ETA_MS');",
      "throw new Error(`ZETA must be a number`); // not a whole literal: 'ZETA must'",
    ].join('\n');
    expect([...envReads(text)].sort()).toEqual(['ALPHA', 'BETA', 'DELTA', 'EPSILON', 'ETA_MS', 'GAMMA', 'ZETA']);
  });

  it('takes upper-case literals only in files that read an env record', () => {
    expect([...envReads("const method = 'POST'; const x = process.env.X;")]).toEqual(['X']);
  });
});

describe('listedInReadme', () => {
  it('reads every name of a first cell and flags shorthands', () => {
    const readme = [
      '## Configuration',
      '| variable | default | meaning |',
      '|---|---|---|',
      '| `PORT` | `3000` | port |',
      '| `A_ONE` / `A_TWO`, `A_THREE` | — | `NOT_THIS` |',
      '| `RATE_*` / `_ASK_` | | |',
      '## Next',
      '| `LATER` | | |',
    ].join('\n');
    expect(listedInReadme(readme)).toEqual({ names: ['PORT', 'A_ONE', 'A_TWO', 'A_THREE'], malformed: ['RATE_*', '_ASK_'] });
  });
});

describe('README.md configuration tables', () => {
  const { names, malformed } = listedInReadme(fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8'));
  const reads = readsInRepository();

  it('has a configuration section with full variable names, each listed once', () => {
    expect(names.length).toBeGreaterThan(20);
    expect(malformed).toEqual([]);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('lists every environment variable the code reads', () => {
    const listed = new Set(names);
    const missing = [...reads].filter(([name]) => !listed.has(name)).map(([name, files]) => `${name} (read in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('lists no variable that nothing reads', () => {
    expect(names.filter((name) => !reads.has(name))).toEqual([]);
  });
});
