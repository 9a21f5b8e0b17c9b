import path from 'node:path';
import { main as attestMain, parseAttestArgs } from '../concepts/attest-cli';
import { main as evalMain, parseEvalArgs } from '../eval/cli';
import { HelpRequested, onlyOptions, parseCommandLine, UsageError } from './args';
import { main as corpusMain, parseCorpusArgs } from './corpus';
import { main as dbMain, parseDbArgs } from './db';
import { main as formsMain, parseFormsArgs } from './forms';
import { main as remotesMain, parseRemotesArgs } from './remotes';

/** The usage error `fn` throws (its message; `help` for a request for help), or 'no error'. */
function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof HelpRequested) return 'help';
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return 'no error';
}

/** Runs a tool's `main` with `argv`, capturing what it writes. */
async function runTool(main: (argv: readonly string[]) => number | Promise<number>, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  try {
    const code = await main(argv);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe('parseCommandLine (util.parseArgs)', () => {
  const spec = { values: ['source', 'lang'], flags: ['replace'] };

  it('reads positionals, --name value, --name=value and flags, the last value winning', () => {
    const line = parseCommandLine(['import', 'a.jsonl', '--source', 's', '--lang=tr', '--replace', '--lang', 'en'], spec);
    expect(line.positionals).toEqual(['import', 'a.jsonl']);
    expect([...line.values]).toEqual([
      ['source', 's'],
      ['lang', 'en'],
    ]);
    expect([...line.flags]).toEqual(['replace']);
    expect(parseCommandLine(['--source=', 'x', '--', '--lang'], spec)).toEqual({
      positionals: ['x', '--lang'],
      values: new Map([['source', '']]),
      flags: new Set(),
    });
  });

  it('takes a value starting with a dash only inline, as util.parseArgs does', () => {
    expect(usage(() => parseCommandLine(['--source', '--lang'], spec))).toBe('--source needs a value');
    expect(parseCommandLine(['--source=--lang'], spec).values.get('source')).toBe('--lang');
  });

  it('refuses unknown options, missing values and flags with a value; --help asks for the usage alone', () => {
    expect(usage(() => parseCommandLine(['x', '--bogus', '1'], spec))).toBe('unknown option --bogus');
    expect(usage(() => parseCommandLine(['-x'], spec))).toBe('unknown option -x');
    expect(usage(() => parseCommandLine(['--source'], spec))).toBe('--source needs a value');
    expect(usage(() => parseCommandLine(['--source'], { ...spec, needsValue: { source: 'which source?' } }))).toBe('which source?');
    expect(usage(() => parseCommandLine(['--replace=yes'], spec))).toBe('--replace takes no value');
    expect(usage(() => parseCommandLine(['status', '--help'], spec))).toBe('help');
    expect(usage(() => parseCommandLine(['-h'], spec))).toBe('help');
    expect(usage(() => parseCommandLine(['--help=yes'], spec))).toBe('--help takes no value');
  });

  it('onlyOptions refuses options a command does not take', () => {
    const line = parseCommandLine(['--source', 's', '--replace'], spec);
    expect(usage(() => onlyOptions(line, 'source', 'replace'))).toBe('no error');
    expect(usage(() => onlyOptions(line, 'source'))).toBe('unknown option --replace');
  });
});

describe('the CLIs keep their usage errors', () => {
  it.each([
    [[], 'which command?'],
    [['help'], 'help'],
    [['import', 'a.jsonl', '--help'], 'help'],
    [['bogus'], 'cannot bogus that way'],
    [['status', 'extra'], 'cannot status that way'],
    [['status', '--x', '1'], 'unknown option --x'],
    [['remove'], 'cannot remove that way'],
    [['import', 'a.jsonl'], 'import needs --source <id> and --lang <code>'],
    [['import', 'a.jsonl', '--source'], '--source needs a value'],
    [['import', 'a.jsonl', '--source=', '--lang', 'tr'], 'import needs --source <id> and --lang <code>'],
    [['import', 'a.jsonl', '--source', 's', '--lang', 'tr', '--bogus', '1'], 'unknown option --bogus'],
    [['embed', '--batch', '0'], '--batch must be a whole number between 1 and 2048'],
    [['embed', '--batch', 'abc'], '--batch must be a whole number between 1 and 2048'],
    [['embed', '--translator', 'x'], 'unknown option --translator'],
    [['embed', 'extra'], 'cannot embed that way'],
  ])('corpus %j: %s', (argv, message) => {
    expect(usage(() => parseCorpusArgs(argv))).toBe(message);
  });

  it('corpus reads its commands', () => {
    expect(parseCorpusArgs(['import', 'a.jsonl', '--source', 's', '--lang=tr', '--translator', 'Diyanet'])).toEqual({
      verb: 'import',
      path: path.resolve('a.jsonl'),
      source: 's',
      lang: 'tr',
      translator: 'Diyanet',
    });
  });

  it.each([
    [[], ''],
    [['help'], 'help'],
    [['bogus'], 'unknown command "bogus"'],
    [['export'], 'export what? contacts or subscribers'],
    [['export', 'contacts', '--bogus', '1'], 'unknown option --bogus'],
    [['export', 'contacts', '--since'], '--since needs a value'],
    [['delete'], 'delete whom? give one e-mail address'],
    [['delete', 'a', '--since', 'x'], 'unknown option --since'],
    [['purge'], 'purge needs --older-than <days>'],
    [['purge', '--older-than'], '--older-than needs a value'],
    [['purge', '--older-than', 'x'], 'purge needs --older-than <days>'],
    [['purge', '--older-than=-1'], 'purge needs --older-than <days>'],
    [['purge', '--older-than', '5', 'extra'], 'purge needs --older-than <days>'],
  ])('forms %j: %s', (argv, message) => {
    expect(usage(() => parseFormsArgs(argv))).toBe(message);
  });

  it('forms reads its commands', () => {
    expect(parseFormsArgs(['export', 'subscribers', '--format=json', '--since', '2025-01-31', '--out', 'x.json'])).toEqual({
      command: 'forms.export',
      args: { kind: 'subscribers', format: 'json', since: '2025-01-31' },
      out: 'x.json',
    });
    expect(parseFormsArgs(['purge', '--older-than', '30'])).toEqual({ command: 'forms.purge', args: { olderThanDays: 30 } });
  });

  it.each([
    [[], ''],
    [['--help'], 'help'],
    [['help'], 'help'],
    [['bogus'], 'unknown command "bogus"'],
    [['backup'], 'backup needs one file name'],
    [['backup', 'a', 'b'], 'backup needs one file name'],
    [['backup', ''], 'backup needs one file name'],
    [['backup', 'a', '--replace'], 'unknown option --replace'],
    [['restore', 'a', '--bogus'], 'unknown option --bogus'],
  ])('db %j: %s', (argv, message) => {
    expect(usage(() => parseDbArgs(argv))).toBe(message);
  });

  it('db resolves the file against the folder npm was run from', () => {
    const before = process.env.INIT_CWD;
    process.env.INIT_CWD = '/srv/kb';
    try {
      expect(parseDbArgs(['restore', 'b.tar.gz', '--replace'])).toEqual({ verb: 'restore', file: '/srv/kb/b.tar.gz', replace: true });
    } finally {
      if (before === undefined) delete process.env.INIT_CWD;
      else process.env.INIT_CWD = before;
    }
  });

  it.each([
    [[], ''],
    [['-h'], 'help'],
    [['bogus'], 'unknown command "bogus"'],
    [['list', 'a', 'b'], 'list takes at most one remote name'],
    [['publish'], 'publish which remote?'],
    [['publish', 'a', '--base-url'], '--base-url needs a URL'],
    [['publish', 'a', '--base-url='], '--base-url needs a URL'],
    [['list', '--base-url', 'x'], '--base-url goes with publish'],
    [['activate', 'a'], 'activate needs a remote name and a version'],
    [['list', '--zzz'], 'unknown option --zzz'],
    [['rollback', 'forms', '--force'], 'unknown option --force'],
    [['prune'], 'prune needs --keep N (how many of the newest releases to keep)'],
    [['prune', '--keep', 'all'], '--keep must be a whole number'],
    [['prune', '--keep'], '--keep needs a number of releases'],
    [['history', '--limit', '0'], '--limit must be at least 1'],
    [['history', 'a', 'b'], 'history takes at most one remote name'],
    [['activate', 'a', 'v', '--percent', '0'], '--percent must be from 1 to 99 (for every visitor: activate without --percent, or promote)'],
    [['activate', 'a', 'v', '--percent', '100'], '--percent must be from 1 to 99 (for every visitor: activate without --percent, or promote)'],
    [['activate', 'a', 'v', '--percent', 'half'], '--percent must be a whole number'],
    [['activate', 'a', 'v', '--percent'], '--percent needs a share of visitors (1-99)'],
    [['promote'], 'promote which remote?'],
    [['promote', 'a', '--force'], 'unknown option --force'],
  ])('remotes %j: %s', (argv, message) => {
    expect(usage(() => parseRemotesArgs(argv))).toBe(message);
  });

  it('remotes reads its commands', () => {
    expect(parseRemotesArgs(['publish', 'knowledge', '--base-url=https://cdn.example.org/k/'])).toEqual({
      command: 'remotes.publish',
      args: { name: 'knowledge', baseUrl: 'https://cdn.example.org/k/' },
      init: false,
    });
    expect(parseRemotesArgs(['activate', 'forms', 'v2'])).toEqual({ command: 'remotes.activate', args: { name: 'forms', version: 'v2' }, init: false });
    expect(parseRemotesArgs(['activate', 'forms', 'v2', '--percent', '50'])).toEqual({
      command: 'remotes.activate',
      args: { name: 'forms', version: 'v2', percent: 50 },
      init: false,
    });
    expect(parseRemotesArgs(['promote', 'forms'])).toEqual({ command: 'remotes.promote', args: { name: 'forms' }, init: false });
    expect(parseRemotesArgs(['activate', 'forms', 'v2', '--force', '--init'])).toEqual({
      command: 'remotes.activate',
      args: { name: 'forms', version: 'v2', force: true },
      init: true,
    });
    expect(parseRemotesArgs(['history', 'forms', '--limit', '5'])).toEqual({ command: 'remotes.history', args: { name: 'forms', limit: 5 }, init: false });
    expect(parseRemotesArgs(['prune', '--keep=3'])).toEqual({ command: 'remotes.prune', args: { keep: 3 }, init: false });
  });
});

describe('every tool: --help prints the usage and exits 0; wrong usage exits 2', () => {
  it.each([
    ['corpus', corpusMain, 'Usage: npm run corpus -- <command>', ''],
    ['forms', formsMain, 'Usage: npm run forms -- <command>', 'forms: '],
    ['db', dbMain, 'Usage: npm run db -- <command>', 'db: '],
    ['remotes', remotesMain, 'Usage: npm run remotes -- <command>', 'remotes: '],
    ['eval', evalMain, 'Usage: npm run eval -- [<questions.tsv>…]', 'eval: '],
    ['attest-cli', attestMain, 'Usage: node server/dist/concepts/attest-cli.js <file.json>', 'attest-cli: '],
  ] as const)('%s', async (_name, main, usageLine, prefix) => {
    const help = await runTool(main, ['--help']);
    expect(help).toEqual({ code: 0, stdout: expect.stringContaining(usageLine) as string, stderr: '' });
    expect(help.stdout.startsWith(usageLine)).toBe(true);
    const bad = await runTool(main, ['--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(new RegExp(`^${prefix}unknown option --bogus\n\n${usageLine.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('eval reads its sets and options; refuses other files and a bad --runs', () => {
    expect(parseEvalArgs(['eval/dev.tsv', '--url', 'http://127.0.0.1:4000/', '--runs=3', '--verbose', '--dump', 'out.jsonl', '--other-interface'], {})).toEqual({
      files: ['eval/dev.tsv'],
      base: 'http://127.0.0.1:4000',
      runs: 3,
      verbose: true,
      dump: 'out.jsonl',
      otherInterface: true,
    });
    expect(parseEvalArgs([], { PORT: '3100' })).toEqual({
      files: ['eval/dev.tsv', 'eval/heldout.tsv'],
      base: 'http://localhost:3100',
      runs: 1,
      verbose: false,
      dump: undefined,
      otherInterface: false,
    });
    expect(usage(() => parseEvalArgs(['dev.csv']))).toBe('dev.csv: question sets are .tsv files');
    expect(usage(() => parseEvalArgs(['--runs', '0']))).toBe('--runs must be a whole number of at least 1');
    expect(usage(() => parseEvalArgs(['--dump']))).toBe('--dump needs a value');
  });

  it('attest-cli reads its file and options', () => {
    expect(parseAttestArgs(['g.json', '--fill', '3', '--out', 'o.json'])).toEqual({ file: 'g.json', id: undefined, limit: 3, fill: 3, out: 'o.json' });
    expect(parseAttestArgs(['g.json', '--id=sabr'])).toEqual({ file: 'g.json', id: 'sabr', limit: 8, fill: undefined, out: undefined });
    expect(usage(() => parseAttestArgs([]))).toBe('give one glossary file (.json)');
    expect(usage(() => parseAttestArgs(['g.json', '--limit', 'x']))).toBe('--limit must be a whole number');
  });
});
