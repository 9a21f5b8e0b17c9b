import path from 'node:path';
import { onlyOptions, parseCommandLine, UsageError } from './args';
import { parseCorpusArgs } from './corpus';
import { parseDbArgs } from './db';
import { parseFormsArgs } from './forms';
import { parseRemotesArgs } from './remotes';

/** The usage error `fn` throws (its message), or 'no error'. */
function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return 'no error';
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

  it('takes the next argument as the value even when it looks like an option', () => {
    expect(parseCommandLine(['--source', '--lang'], spec).values.get('source')).toBe('--lang');
  });

  it('refuses unknown options, missing values and flags with a value; --help asks for the usage alone', () => {
    expect(usage(() => parseCommandLine(['x', '--bogus', '1'], spec))).toBe('unknown option --bogus');
    expect(usage(() => parseCommandLine(['-x'], spec))).toBe('unknown option -x');
    expect(usage(() => parseCommandLine(['--source'], spec))).toBe('--source needs a value');
    expect(usage(() => parseCommandLine(['--source'], { ...spec, needsValue: { source: 'which source?' } }))).toBe('which source?');
    expect(usage(() => parseCommandLine(['--replace=yes'], spec))).toBe('--replace takes no value');
    expect(usage(() => parseCommandLine(['status', '--help'], spec))).toBe('');
    expect(usage(() => parseCommandLine(['-h'], spec))).toBe('');
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
    [['help'], 'cannot help that way'],
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
    [['help'], ''],
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
    [['--help'], ''],
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
    [['bogus'], 'unknown command "bogus"'],
    [['list', 'a', 'b'], 'list takes at most one remote name'],
    [['publish'], 'publish which remote?'],
    [['publish', 'a', '--base-url'], '--base-url needs a URL'],
    [['publish', 'a', '--base-url='], '--base-url needs a URL'],
    [['list', '--base-url', 'x'], '--base-url goes with publish'],
    [['activate', 'a'], 'activate needs a remote name and a version'],
    [['list', '--zzz'], 'unknown option --zzz'],
  ])('remotes %j: %s', (argv, message) => {
    expect(usage(() => parseRemotesArgs(argv))).toBe(message);
  });

  it('remotes reads its commands', () => {
    expect(parseRemotesArgs(['publish', 'knowledge', '--base-url=https://cdn.example.org/k/'])).toEqual({
      command: 'remotes.publish',
      args: { name: 'knowledge', baseUrl: 'https://cdn.example.org/k/' },
    });
    expect(parseRemotesArgs(['activate', 'forms', 'v2'])).toEqual({ command: 'remotes.activate', args: { name: 'forms', version: 'v2' } });
  });
});
