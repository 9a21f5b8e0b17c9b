/**
 * tooling/scale-out.mjs, run as an operator runs it (docs/operations.md "Running more than one
 * server"): two server processes on one PostgreSQL behind a round-robin proxy share rate limits,
 * releases, forms and imports. Like the server's other PostgreSQL cases, the demonstration runs
 * when TEST_DATABASE_URL names a PostgreSQL server (CI sets it, .ci/run); the script creates
 * and drops a scratch database there. Its command line is checked always.
 *
 * The servers are server/dist/main.js: when it is missing (CI runs jest before `npm run build`),
 * the contracts and the server are built first.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const SCRIPT = path.join('tooling', 'scale-out.mjs');

/** This process's environment without any PostgreSQL URL, plus `env`. */
function envWithout(env = {}) {
  const copy = { ...process.env, ...env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL']) if (!(name in env)) delete copy[name];
  return copy;
}

describe('scale-out: the command line', () => {
  it('prints its usage on --help', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--help'], { cwd: repoRoot, encoding: 'utf8', env: envWithout() });
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('Usage: node tooling/scale-out.mjs [--database-url postgres://…] [--keep]')).toBe(true);
  });

  it('refuses to run without a PostgreSQL server, saying how to name one', () => {
    const r = spawnSync(process.execPath, [SCRIPT], { cwd: repoRoot, encoding: 'utf8', env: envWithout() });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('scale-out: needs a PostgreSQL server: --database-url, DATABASE_URL or TEST_DATABASE_URL');
  });

  it('refuses a URL that is not PostgreSQL', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--database-url', 'mysql://db/x'], { cwd: repoRoot, encoding: 'utf8', env: envWithout() });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('scale-out: --database-url must start with postgres://');
  });
});

/** The checks the script prints, in order (its output names the servers `a` and `b`). */
const CHECKS = [
  'started together, the servers loaded the shipped corpus and published the build once',
  'the proxy balances over both servers',
  "one client's form posts are counted on both servers together (limit 4 a minute)",
  'contact messages written through either server are listed by both',
  'subscriptions written through either server are listed by both',
  'a release published and activated through a is served by b',
  'a rollback through b is seen by a',
  'a collection imported through a is found by b\'s search',
  "the collection removed through b is gone from a's search",
];

/** Runs `node <args>` in the repository root; resolves with its exit status and output. */
function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

// A loop, not describe.each: jest refuses an empty table, and without TEST_DATABASE_URL there
// is no PostgreSQL case at all (as with the server's testBackends).
const postgresUrls = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

for (const url of postgresUrls) describe('scale-out on PostgreSQL (TEST_DATABASE_URL)', () => {
  let result;
  beforeAll(async () => {
    if (!fs.existsSync(path.join(repoRoot, 'server', 'dist', 'main.js'))) {
      const build = spawnSync('npm', ['run', 'build', '-w', '@kb/contracts', '-w', 'server'], { cwd: repoRoot, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`building the server failed:\n${build.stdout}\n${build.stderr}`);
    }
    result = await run([SCRIPT], envWithout({ TEST_DATABASE_URL: url }));
  }, 15 * 60_000);

  it('passes every check and exits 0', () => {
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('scale-out: every check passed');
    expect(result.code).toBe(0);
  });

  it.each(CHECKS)('reports ✓ for: %s', (name) => {
    const line = result.stdout.split('\n').find((l) => l.slice(2).startsWith(`${name}:`));
    expect(line?.slice(0, 2)).toBe('✓ ');
  });

  it('drops its scratch database afterwards', async () => {
    const name = /database (kb_scale_[0-9a-f]{10})/.exec(result.stdout)?.[1];
    expect(name).toMatch(/^kb_scale_/);
    const check = await run(
      [
        '--input-type=module',
        '-e',
        `import pg from 'pg'; const c = new pg.Client({ connectionString: ${JSON.stringify(url)} }); await c.connect();
         const r = await c.query('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [${JSON.stringify(name)}]);
         console.log(r.rows[0].n); await c.end();`,
      ],
      envWithout(),
    );
    expect(check.stdout.trim()).toBe('0');
  });
});
