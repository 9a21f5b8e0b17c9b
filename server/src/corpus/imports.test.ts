import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import type { SearchResponse, SourcesResponse } from '@kb/contracts';
import { AdminCommandError, AdminCommands } from '../admin/registry';
import { startAdminSocket, type AdminSocket } from '../admin/socket';
import { ImportInterrupted, parseCorpusArgs, runCorpusCommand, type CorpusCommand } from '../cli/corpus';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { ImportFileError } from './files';
import { registerCorpusCommands } from './imports';

const sink = (): Writable => new Writable({ write: (_chunk, _enc, done) => done() });

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'kb-corpus-'));
}

function write(dir: string, name: string, content: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

describe.each(testBackends)('npm run corpus -- import | remove | status ($name)', (backend) => {
  let db: Database;
  let dataDir: string;
  let socket: AdminSocket;
  let files: string;
  const printed: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(backend, { surahs: [1] });
    // The running server's side: its admin socket with the corpus commands over its database.
    dataDir = tempDir();
    const commands = new AdminCommands();
    registerCorpusCommands(commands, { db });
    socket = await startAdminSocket({ socketPath: path.join(dataDir, 'admin.sock'), commands, logger: createLogger('silent') });
    files = tempDir();
  }, 120_000);
  afterAll(async () => {
    await socket.close();
    await db.close();
  });

  const run = (cmd: CorpusCommand, extra: Partial<Parameters<typeof runCorpusCommand>[1]> = {}): ReturnType<typeof runCorpusCommand> =>
    runCorpusCommand(cmd, { config: { dataDir, databaseUrl: undefined }, out: (t) => printed.push(t), err: sink(), ...extra });
  const lastPrinted = (): Record<string, unknown> => JSON.parse(printed.at(-1) ?? 'null') as Record<string, unknown>;
  const count = async (source: string): Promise<number> =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passages WHERE source = $1', [source]))[0]?.n ?? 0;
  const search = async (q: string, lang: string, source: string): Promise<SearchResponse> =>
    (await request(testApp(db)).get('/api/search').query({ q, lang, source })).body as SearchResponse;

  it('imports JSON Lines through the running server, searchable at once, and again changes nothing', async () => {
    const file = write(
      files,
      'sizinti.jsonl',
      [
        JSON.stringify({ ref: '1979-01/1', title: 'Ümit', text: 'Ümit, insanın en güçlü dayanağıdır; sabır onun kardeşidir.', url: 'https://example.org/1' }),
        '',
        JSON.stringify({ ref: '1979-01/2', text: 'İlim, insanı hakikate götüren ışıktır.' }),
      ].join('\n'),
    );
    expect(await run({ verb: 'import', path: file, source: 'sizinti', lang: 'tr', translator: 'Sızıntı dergisi' })).toBe('server');
    expect(lastPrinted()).toEqual({ source: 'sizinti', lang: 'tr', passages: 2, added: 2, replaced: 0 });
    const found = await search('IŞIK', 'tr', 'sizinti');
    expect(found.hits.map((h) => h.ref)).toEqual(['1979-01/2']);
    expect(found.hits[0]?.highlight).toContain('<mark>ışıktır</mark>');
    expect((await search('İLİM', 'tr', 'sizinti')).total).toBe(1);
    const catalog = (await request(testApp(db)).get('/api/sources')).body as SourcesResponse;
    expect(catalog.sources.find((s) => s.id === 'sizinti')).toMatchObject({ status: 'available', indexedPassages: 2 });
    const page = await request(testApp(db)).get(`/read/sizinti/${encodeURIComponent('1979-01/1')}?lang=tr`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Ümit, insanın en güçlü dayanağıdır');
    expect(page.text).toContain('href="https://example.org/1"');

    await run({ verb: 'import', path: file, source: 'sizinti', lang: 'tr', translator: 'Sızıntı dergisi' });
    expect(lastPrinted()).toEqual({ source: 'sizinti', lang: 'tr', passages: 2, added: 0, replaced: 2 });
    expect(await count('sizinti')).toBe(2);
  });

  it('imports CSV and a folder of Markdown files, one passage per heading section', async () => {
    const csv = write(files, 'caglayan.csv', 'ref,text,title,url\n"c/1","Merhamet, kalbin dilidir.","Merhamet",\n"c/2","Şükür, nimeti artırır.",,\n');
    await run({ verb: 'import', path: csv, source: 'caglayan', lang: 'tr' });
    expect(lastPrinted()).toMatchObject({ passages: 2, added: 2 });
    expect((await search('merhamet', 'tr', 'caglayan')).hits[0]?.ref).toBe('c/1');
    const folder = path.join(files, 'risale');
    write(folder, 'sozler/birinci.md', '# Birinci Söz\n\nBismillah her hayrın başıdır.\n\n## İkinci kısım\n\nBil ey arkadaş!\n');
    write(folder, 'sozler/ikinci.md', 'Giriş paragrafı.\n\n# Hüve nüktesi\n\nBir zaman Rusya’da...\n');
    await run({ verb: 'import', path: folder, source: 'risale', lang: 'tr' });
    expect(lastPrinted()).toMatchObject({ passages: 4, added: 4 });
    const rows = await db.query<{ ref: string; title: string | null; text: string }>(
      "SELECT ref, title, text FROM passages WHERE source = 'risale' ORDER BY position",
    );
    expect(rows).toEqual([
      { ref: 'sozler/birinci#birinci-soz', title: 'Birinci Söz', text: 'Bismillah her hayrın başıdır.' },
      { ref: 'sozler/birinci#ikinci-kisim', title: 'İkinci kısım', text: 'Bil ey arkadaş!' },
      { ref: 'sozler/ikinci#section', title: null, text: 'Giriş paragrafı.' },
      { ref: 'sozler/ikinci#huve-nuktesi', title: 'Hüve nüktesi', text: 'Bir zaman Rusya’da...' },
    ]);
  });

  it('stops at a bad record, naming its file and line, with nothing imported', async () => {
    const bad = write(files, 'bad.jsonl', `${JSON.stringify({ ref: 'x/1', text: 'iyi' })}\n${JSON.stringify({ ref: 'x/2', text: 'iyi' })}\n{"ref": "x/3"}\n`);
    await expect(run({ verb: 'import', path: bad, source: 'hadith', lang: 'tr' })).rejects.toThrow(new ImportFileError('bad.jsonl:3: text is missing'));
    const broken = write(files, 'broken.jsonl', '{"ref": "y/1", "text": "a"}\n{"ref": \n');
    await expect(run({ verb: 'import', path: broken, source: 'hadith', lang: 'tr' })).rejects.toThrow('broken.jsonl:2: not valid JSON');
    const csv = write(files, 'bad.csv', 'ref,text\n"z/1","a"\n"z/2",\n');
    await expect(run({ verb: 'import', path: csv, source: 'hadith', lang: 'tr' })).rejects.toThrow('bad.csv:3: text is missing');
    expect(await count('hadith')).toBe(0);
  });

  it('leaves nothing behind when an import is interrupted between batches', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => JSON.stringify({ ref: `t/${i + 1}`, text: `Tefsir parçası ${i + 1}` }));
    const file = write(files, 'tafsir.jsonl', lines.join('\n'));
    const interrupt = new AbortController();
    await expect(
      run({ verb: 'import', path: file, source: 'tafsir', lang: 'tr' }, { signal: interrupt.signal, afterBatch: () => interrupt.abort() }),
    ).rejects.toThrow(ImportInterrupted);
    expect(await count('tafsir')).toBe(0);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM corpus_staging'))[0]?.n).toBe(0);
    await run({ verb: 'import', path: file, source: 'tafsir', lang: 'tr' });
    expect(await count('tafsir')).toBe(2500);
  });

  it('refuses to import into or remove a shipped source, and removes an imported one', async () => {
    const file = write(files, 'q.jsonl', JSON.stringify({ ref: '1:1', text: 'x' }));
    await expect(run({ verb: 'import', path: file, source: 'quran', lang: 'en' })).rejects.toThrow(AdminCommandError);
    await expect(run({ verb: 'remove', source: 'bible' })).rejects.toThrow(/shipped/);
    await run({ verb: 'remove', source: 'caglayan' });
    expect(lastPrinted()).toEqual({ source: 'caglayan', removed: 2 });
    expect(await count('caglayan')).toBe(0);
    await run({ verb: 'status' });
    const status = lastPrinted() as { sources: { source: string; lang: string; passages: number }[] };
    expect(status.sources).toContainEqual(expect.objectContaining({ source: 'sizinti', lang: 'tr', passages: 2 }));
    expect(status.sources.map((s) => s.source)).not.toContain('caglayan');
  });

  if (backend.name === 'pglite') {
    // PGlite has no autovacuum (a PostgreSQL server has; there, other sessions' transactions may also
    // hold back what VACUUM can reclaim, so the sizes would not be this exact).
    it('gives back the space of the rows an import replaces: the tables do not grow import after import', async () => {
      const file = write(files, 'tekrar.jsonl', JSON.stringify({ ref: '1', text: 'Sabır ve ümit, ışık ve ilim.' }));
      const size = async (): Promise<number> => {
        const [row] = await db.query<{ n: string }>("SELECT (pg_relation_size('term_top') + pg_relation_size('term_stats') + pg_relation_size('passages'))::text AS n");
        return Number(row?.n);
      };
      const sizes: number[] = [];
      for (let i = 0; i < 5; i++) {
        await run({ verb: 'import', path: file, source: 'tekrar', lang: 'tr' });
        sizes.push(await size());
      }
      // Each import rewrites the table; without VACUUM every rewrite would stay on disk.
      expect(sizes[4]).toBeLessThanOrEqual(sizes[1] ?? 0);
      await run({ verb: 'remove', source: 'tekrar' });
      // Five imports, each rewriting and vacuuming the derived tables: slow on a busy machine.
    }, 180_000);

    it('refuses a DATA_DIR with neither a server nor a database, and creates nothing', async () => {
      const wrong = path.join(tempDir(), 'data');
      const file = write(files, 'herkul.jsonl', JSON.stringify({ ref: 'h/1', text: 'Sohbet metni' }));
      await expect(
        runCorpusCommand({ verb: 'import', path: file, source: 'herkulnagme', lang: 'tr' }, { config: { dataDir: wrong, databaseUrl: undefined }, out: (t) => printed.push(t), err: sink() }),
      ).rejects.toThrow(`no database in ${path.join(wrong, 'pgdata')} and no server answers on ${path.join(wrong, 'admin.sock')}`);
      expect(fs.existsSync(wrong)).toBe(false);
    });

    it('imports on the embedded database directly when no server runs, creating it with --init', async () => {
      const offline = tempDir();
      const file = write(files, 'herkul.jsonl', JSON.stringify({ ref: 'h/1', text: 'Sohbet metni' }));
      const via = await runCorpusCommand(
        { verb: 'import', path: file, source: 'herkulnagme', lang: 'tr', init: true },
        { config: { dataDir: offline, databaseUrl: undefined }, out: (t) => printed.push(t), err: sink() },
      );
      expect(via).toBe('embedded');
      expect(lastPrinted()).toMatchObject({ source: 'herkulnagme', passages: 1 });
      expect(fs.existsSync(path.join(offline, 'server.lock'))).toBe(false);
    }, 60_000);
  }
});

describe('corpus command line', () => {
  it('parses the three commands', () => {
    expect(parseCorpusArgs(['status'])).toEqual({ verb: 'status' });
    expect(parseCorpusArgs(['remove', 'sizinti'])).toEqual({ verb: 'remove', source: 'sizinti' });
    expect(parseCorpusArgs(['import', 'a.jsonl', '--source', 'sizinti', '--lang=tr'])).toMatchObject({
      verb: 'import',
      path: path.resolve('a.jsonl'),
      source: 'sizinti',
      lang: 'tr',
    });
  });

  it.each([[[]], [['import', 'a.jsonl']], [['import', 'a.jsonl', '--source', 'x', '--lang', 'tr', '--force', 'y']], [['frobnicate']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseCorpusArgs(argv)).toThrow();
    },
  );
});
