import { AdminCommands } from '../admin/registry';
import { QURAN_IMPORTS } from '../corpus/catalog';
import { registerCorpusCommands } from '../corpus/imports';
import type { Database } from '../db/database';
import { queryTerms } from '../retrieval/query';
import { openTestDatabase, recordingDatabase, testBackends } from '../testing/databases';
import { computeUnder } from '../cache/corpus-version';
import { passageLanguages } from './catalog';
import { smallScope } from './internal/full-ranking';
import { termStats } from './ranking';
import type { Scope, TermStats } from './types';
import { readCorpusVersion } from './version';

describe.each(testBackends)('term statistics kept per corpus version ($name)', (backend) => {
  let inner: Database;
  let db: Database;
  let statements: string[] = [];
  let commands: AdminCommands;
  beforeAll(async () => {
    inner = await openTestDatabase(backend, { surahs: [1, 2], imports: QURAN_IMPORTS.filter((i) => i.lang === 'en') });
    // Every statement of the statistics and the admin commands recorded (the version reads of
    // statsNow go to the database itself).
    ({ db, statements } = recordingDatabase(inner));
    commands = new AdminCommands();
    registerCorpusCommands(commands, { db });
  }, 120_000);
  afterAll(async () => {
    await inner.close();
  });

  /** The statistics as a response computed under the current corpus version asks for them. */
  async function statsNow(terms: Parameters<typeof termStats>[1], scope: Scope): Promise<TermStats> {
    const version = await readCorpusVersion(inner);
    return computeUnder(version, () => termStats(db, terms, scope));
  }

  it('answers a repeated question from memory, and counts afresh after an import and a removal', async () => {
    const terms = queryTerms('patience mercy', ['en']);
    const notes = { lang: 'en', source: 'notes' };
    expect(await statsNow(terms, notes)).toEqual({ usable: [true, true], df: [0, 0], total: 0, scopeSize: 0 });
    const quran = await statsNow(terms, { lang: 'en', source: 'quran' });
    expect(quran.df[0]).toBeGreaterThan(0);

    statements.length = 0;
    expect(await statsNow(terms, { lang: 'en', source: 'quran' })).toEqual(quran);
    // The same terms written otherwise (their words are not what is counted) are kept too.
    const respelled = terms.map((t) => ({ ...t, word: t.word.toUpperCase(), partWeight: 0.5 }));
    expect(await statsNow(respelled, { lang: 'en', source: 'quran' })).toEqual(quran);
    expect(statements).toEqual([]);

    const { importId } = (await commands.run('corpus.begin', { source: 'notes', lang: 'en' })) as { importId: string };
    await commands.run('corpus.stage', {
      importId,
      records: [
        { position: 1, ref: '1', text: 'Patience is a light.' },
        { position: 2, ref: '2', text: 'Mercy and patience go together.' },
        { position: 3, ref: '3', text: 'Nothing here.' },
      ],
    });
    await commands.run('corpus.commit', { importId, translator: 'Test notes' });
    expect(await statsNow(terms, notes)).toEqual({ usable: [true, true], df: [2, 1], total: 2, scopeSize: 3 });
    // A kept result handed out is the caller's own: changing it changes nothing kept.
    const handed = await statsNow(terms, notes);
    handed.df[0] = 99;
    expect((await statsNow(terms, notes)).df).toEqual([2, 1]);

    await commands.run('corpus.remove', { source: 'notes' });
    expect(await statsNow(terms, notes)).toEqual({ usable: [true, true], df: [0, 0], total: 0, scopeSize: 0 });

    // Outside a response's computation (SEARCH_CACHE=off, the evaluation) nothing is kept.
    statements.length = 0;
    expect(await termStats(db, terms, { lang: 'en', source: 'quran' })).toEqual(quran);
    expect(statements.length).toBeGreaterThan(0);
  });

  it('keeps the import records\' figures (languages of a source, scope sizes) per version too', async () => {
    const underVersion = async <T>(fn: () => Promise<T>): Promise<T> => computeUnder(await readCorpusVersion(inner), fn);
    expect(await underVersion(() => passageLanguages(db, 'quran'))).toEqual(['en']);
    expect(await underVersion(() => smallScope(db, 'en', 'quran'))).toBe(true);
    expect(await underVersion(() => smallScope(db, 'tr', 'quran'))).toBe(false);
    statements.length = 0;
    const languages = await underVersion(() => passageLanguages(db, 'quran'));
    expect(languages).toEqual(['en']);
    expect(await underVersion(() => smallScope(db, 'en', 'quran'))).toBe(true);
    expect(statements).toEqual([]);
    // The list handed out is the caller's own.
    languages.push('xx');
    expect(await underVersion(() => passageLanguages(db, 'quran'))).toEqual(['en']);

    // An import raises the version: the figures are read again and see it.
    expect(await underVersion(() => passageLanguages(db, 'hadith-notes'))).toEqual([]);
    expect(await underVersion(() => smallScope(db, 'tr', 'hadith-notes'))).toBe(false);
    const { importId } = (await commands.run('corpus.begin', { source: 'hadith-notes', lang: 'tr' })) as { importId: string };
    await commands.run('corpus.stage', { importId, records: [{ position: 1, ref: '1', text: 'Sabır bir ışıktır.' }] });
    await commands.run('corpus.commit', { importId, translator: 'Test' });
    expect(await underVersion(() => passageLanguages(db, 'hadith-notes'))).toEqual(['tr']);
    expect(await underVersion(() => smallScope(db, 'tr', 'hadith-notes'))).toBe(true);
    await commands.run('corpus.remove', { source: 'hadith-notes' });
    expect(await underVersion(() => passageLanguages(db, 'hadith-notes'))).toEqual([]);

    // Outside a response's computation every call reads the table.
    statements.length = 0;
    expect(await passageLanguages(db, 'quran')).toEqual(['en']);
    expect(statements.length).toBe(1);
  });

  it('keeps an answer\'s statistics (no total) per term: a new question of words counted before runs no count', async () => {
    const scope = { lang: 'en', source: 'quran' };
    const version = await readCorpusVersion(inner);
    const answerStats = (text: string): Promise<TermStats> => computeUnder(version, () => termStats(db, queryTerms(text, ['en']), scope, { countTotal: false }));
    const full = await termStats(db, queryTerms('patience mercy', ['en']), scope);
    const counted = await answerStats('patience mercy');
    expect(counted).toEqual({ usable: full.usable, df: full.df, scopeSize: full.scopeSize });
    expect(counted.total).toBeUndefined();

    statements.length = 0;
    expect((await answerStats('mercy patience')).df).toEqual([...full.df].reverse());
    expect((await answerStats('mercy')).df).toEqual([full.df[1]]);
    expect(statements).toEqual([]);

    // A question with one new word counts that word alone, and finds what a full count finds.
    const counts = (): string[] => statements.filter((sql) => sql.includes(' AS df'));
    const mixed = await answerStats('mercy forgiveness');
    expect(counts()).toHaveLength(1);
    // One tsquery tested: the new word's (no total, no kept word).
    expect(counts()[0]?.match(/p\.tsv @@/g) ?? []).toHaveLength(1);
    expect(mixed.df).toEqual((await termStats(db, queryTerms('mercy forgiveness', ['en']), scope)).df);
  });
});
