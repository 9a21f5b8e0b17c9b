/**
 * `npm run screenshots` (tooling/screenshots.mjs) reads its command line like the other
 * scripts (tooling/cli.mjs): `--help` prints the usage and exits 0, wrong usage exits 2 with a
 * message and starts nothing. Taking the screenshots themselves needs a build and minutes, so
 * it is run by hand (docs/screenshots.md), not here.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const USAGE = 'Usage: npm run screenshots';

/** Runs `node tooling/screenshots.mjs <args>` in the repository root. */
function screenshots(args) {
  const r = spawnSync(process.execPath, ['tooling/screenshots.mjs', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run screenshots: its command line', () => {
  it('prints its usage on --help, saying to build first, and exits 0', () => {
    const r = screenshots(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.startsWith(USAGE)).toBe(true);
    expect(r.stdout).toContain('Run `npm run build` first');
    expect(r.stdout).toContain('--out DIR');
  });

  it.each([
    [['--bogus'], 'screenshots: unknown option --bogus'],
    [['--out'], 'screenshots: --out needs a value'],
    [['--widths', '375,1024'], 'screenshots: --widths takes 375, 820, 1280; got "1024"'],
    [['--langs', 'de'], 'screenshots: --langs takes en, tr; got "de"'],
    [['--only', 'home,nowhere'], 'screenshots: --only takes home, project, about, open-data, knowledge, knowledge-details, contact, chat-empty, chat-answer, search-empty, search-results, preview-empty, preview-reading, read, read-missing, not-found, chat-remote-down, unsubscribe, api-docs, api-redoc; got "nowhere"'],
    [['--keep=yes'], 'screenshots: --keep takes no value'],
    [['extra'], 'screenshots: unexpected argument extra'],
  ])('%j exits 2: %s', (args, message) => {
    const r = screenshots(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const [first, blank, usage] = r.stderr.split('\n');
    expect([first, blank]).toEqual([message, '']);
    expect(usage.startsWith(USAGE)).toBe(true);
  });
});
