/**
 * The scripts of bench/, soak/ and server/scripts/ read their command line with util.parseArgs
 * (tooling/cli.mjs): `--help` prints the usage and exits 0, wrong usage exits 2 with a message.
 * And their shared scratch data (tooling/scratch.mjs) never reuses a folder that holds data.
 * Each runs as its own process, as an operator runs it (no build needed for any of this).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');

/** Runs `node <args>` in the repository root. */
function node(args, env = {}) {
  const r = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the scripts: --help exits 0, wrong usage exits 2', () => {
  it.each([
    ['bench/run.mjs', 'bench', 'Usage: npm run bench'],
    ['bench/term-table.mjs', 'term-table', 'Usage: node bench/term-table.mjs'],
    ['bench/ceiling-server.mjs', 'ceiling-server', 'Usage: node bench/ceiling-server.mjs'],
    ['bench/understanding.mjs', 'understanding', 'Usage: node bench/understanding.mjs'],
    ['bench/start.mjs', 'start', 'Usage: node bench/start.mjs'],
    ['bench/throughput-ab.mjs', 'throughput-ab', 'Usage: node bench/throughput-ab.mjs'],
    ['bench/statements.mjs', 'statements', 'Usage: node bench/statements.mjs'],
    ['bench/reveal.mjs', 'reveal', 'Usage: node bench/reveal.mjs'],
    ['bench/lighthouse.mjs', 'lighthouse', 'Usage: node bench/lighthouse.mjs'],
    ['soak/run.mjs', 'soak', 'Usage: npm run soak'],
    ['server/scripts/bench-newsletter.js', 'bench-newsletter', 'Usage: node server/scripts/bench-newsletter.js'],
  ])('%s', (script, tool, usage) => {
    const help = node([script, '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.startsWith(usage)).toBe(true);
    expect(help.stderr).toBe('');
    const bad = node([script, '--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.startsWith(`${tool}: unknown option --bogus\n\n${usage}`)).toBe(true);
  });

  it.each([
    [['bench/run.mjs', '--only=pages,charts'], 'bench: --only takes pages, api, scale, costly, throughput; got "charts"'],
    [['bench/run.mjs', '--quick=yes'], 'bench: --quick takes no value'],
    [['bench/term-table.mjs', '--target'], 'term-table: --target needs a value'],
    [['bench/term-table.mjs', '--schema=s'], 'term-table: --schema goes with --url'],
    [['soak/run.mjs', '--requests', '10'], 'soak: --requests must be a whole number of at least 200'],
    [['soak/run.mjs', '--database-url', 'mysql://x/y'], 'soak: --database-url must start with postgres://'],
    [['soak/run.mjs', 'extra'], "soak: unexpected argument extra"],
    [['server/scripts/bench-newsletter.js', '--seconds', '0'], 'bench-newsletter: --seconds must be a whole number of at least 1'],
  ])('%j: %s', (args, message) => {
    const r = node(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(message);
  });
});

describe('tooling/scratch.mjs', () => {
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-scratch-test-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Runs `code` as an ES module with the helpers imported; prints what it writes. */
  const withScratch = (code) =>
    node(['--input-type=module', '-e', `import * as s from ${JSON.stringify(path.join(repoRoot, 'tooling', 'scratch.mjs'))};\n${code}`]);

  it('creates an empty folder with DATA_DIR inside, and removes it on dispose', () => {
    const target = path.join(dir, 'run');
    const r = withScratch(`
      const scratch = await s.createScratch({ prefix: 'x', dir: ${JSON.stringify(target)} });
      const existed = (await import('node:fs')).existsSync(scratch.dataDir);
      await scratch.dispose();
      console.log(JSON.stringify({ kind: scratch.kind, dataDir: scratch.dataDir, existed }));`);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ kind: 'pglite', dataDir: path.join(target, 'data'), existed: true });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('refuses a folder that holds data, and leaves it alone', () => {
    fs.writeFileSync(path.join(dir, 'someone.txt'), 'theirs');
    const r = withScratch(`await s.createScratch({ prefix: 'x', dir: ${JSON.stringify(dir)} });`);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`refusing to use ${dir}: it already holds data`);
    expect(fs.readdirSync(dir)).toEqual(['someone.txt']);
  });

  it('gives a free port and the environment of a server on the scratch data', () => {
    const r = withScratch(`
      const port = await s.freePort();
      const env = s.serverEnv({ dataDir: '/tmp/d', databaseUrl: undefined }, port, { LOG_LEVEL: 'warn' });
      console.log(JSON.stringify({ port, env: { PORT: env.PORT, KNOWLEDGE_PORT: env.KNOWLEDGE_PORT, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN, DATA_DIR: env.DATA_DIR, LOG_LEVEL: env.LOG_LEVEL, DATABASE_URL: env.DATABASE_URL } }));`);
    const { port, env } = JSON.parse(r.stdout);
    expect(port).toBeGreaterThan(0);
    expect(env).toEqual({ PORT: String(port), KNOWLEDGE_PORT: '0', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DATA_DIR: '/tmp/d', LOG_LEVEL: 'warn' });
  });
});

describe("bench/duplicates.mjs: a singleton's unshared subpath is compiled in, not a second copy", () => {
  /** Runs an ES module snippet that imports bench/duplicates.mjs; returns its JSON output. */
  const run = (code) => {
    const r = node(['--input-type=module', '-e', `import * as d from './bench/duplicates.mjs'; ${code}`]);
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout);
  };

  it('lists @kb/contracts/tokens, and no file of a shared entry or a shared prefix', () => {
    const files = run('console.log(JSON.stringify([...d.unsharedSubpathFiles()]))').map((f) => path.relative(repoRoot, f));
    expect(files).toContain(path.join('packages', 'contracts', 'src', 'tokens.ts'));
    expect(files).not.toContain(path.join('packages', 'contracts', 'src', 'index.ts'));
    // react/jsx-runtime and react-dom/client are shared through the `react/` and `react-dom/` keys.
    expect(files.filter((f) => /node_modules[\\/]react(-dom)?[\\/]/.test(f))).toEqual([]);
  });

  it('counts a shared module loaded twice, but not the tokens compiled into two builds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-dup-'));
    try {
      // Two built files, each with a source map naming the tokens and one naming the contracts' entry too.
      const write = (name, sources) => {
        // 'a;' from the first source, 'b;' from the second (when there is one).
        fs.writeFileSync(path.join(dir, name), 'a;b;\n');
        fs.writeFileSync(
          path.join(dir, `${name}.map`),
          JSON.stringify({ version: 3, file: name, sources, names: [], mappings: sources.length > 1 ? 'AAAA,ECAA' : 'AAAA' }),
        );
      };
      const tokens = path.join(repoRoot, 'packages', 'contracts', 'src', 'tokens.ts');
      const entry = path.join(repoRoot, 'packages', 'contracts', 'src', 'lang.ts');
      write('one.js', [tokens, entry]);
      write('two.js', [tokens]);
      // What duplicatesLoaded() reports for the page's main document that loaded both files.
      const loaded = () =>
        run(
          `const s = ['one.js', 'two.js'].map((f) => ({ url: ${JSON.stringify(dir)} + '/' + f, mainDocument: true }));` +
            ` console.log(JSON.stringify(d.duplicatesLoaded(s, (u) => ({ file: u, context: '/' })).main))`,
        );
      const onlyTokens = loaded();
      expect(onlyTokens.singletons['@kb/contracts']).toBe(1);
      expect(onlyTokens.duplicates.map((x) => x.package)).toEqual([expect.stringMatching(/^@kb\/contracts@/)]);
      write('two.js', [tokens, entry]);
      const both = loaded();
      expect(both.singletons['@kb/contracts']).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
