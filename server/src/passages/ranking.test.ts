import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { queryTerms } from '../retrieval/query';
import type { QueryTerm } from './terms';
import { EXACT_TOTAL_LIMIT } from './internal/candidates';
import { matchingWords, rankPassages, searchPassages, termStats } from './ranking';
import { refreshTermTable } from './term-table';
import type { LanguageTerms } from './types';
import { indexForms } from '../corpus/normalize';

/** The benchmark's queries (bench/lib/queries.mjs: SEARCH_CLASSES and ASK_QUESTIONS). */
const BENCH_QUERIES: { q: string; lang: string }[] = [
  ...['mercy', 'patience', 'prayer', 'light', 'forgiveness', 'charity', 'paradise', 'prophets'].map((q) => ({ q, lang: 'en' })),
  ...[
    'What does the Quran say about patience in hardship?',
    'How should orphans be treated?',
    'Who will enter paradise?',
    'Is backbiting forbidden?',
    'What is the reward for giving charity?',
    'Why do believers pray at night?',
    'What does the Quran say about patience?',
    'Who is the best footballer of all time?',
  ].map((q) => ({ q, lang: 'en' })),
  ...['sabır', 'rahmet', 'namaz', 'cennet', 'tövbe', 'sadaka', 'yetim', 'ışık'].map((q) => ({ q, lang: 'tr' })),
  ...[
    'Kuran sabır hakkında ne diyor?',
    'Yetimlere nasıl davranılmalı?',
    'Cennete kimler girecek?',
    'Gıybet etmek yasak mı?',
    'Sadaka vermenin sevabı nedir?',
    'İnsan neden yaratıldı?',
    'Tövbe eden kişinin durumu nedir?',
    'Bitcoin fiyatı ne olacak?',
  ].map((q) => ({ q, lang: 'tr' })),
  ...['الرحمن', 'الصبر', 'الصلاة', 'الجنة', 'التوبة', 'النور'].map((q) => ({ q, lang: 'ar' })),
  ...['ما جزاء الصابرين في الآخرة؟', 'كيف نعامل اليتيم؟', 'من يدخل الجنة؟', 'ما هي التوبة النصوح؟', 'لماذا خلق الله الإنسان؟'].map((q) => ({
    q,
    lang: 'ar',
  })),
];

/** The evaluation questions (eval/dev.tsv: lang, source, kind, question, refs). */
function evalQuestions(): { q: string; lang: string }[] {
  const file = path.join(__dirname, '..', '..', '..', 'eval', 'dev.tsv');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'))
    .map(([lang = '', , , q = '']) => ({ q, lang }));
}

/** The groups the search service builds for one passage language (search/service.ts). */
function groupsFor(q: string, lang: string): LanguageTerms[] {
  const terms = queryTerms(q, [lang], { prefixLast: true });
  return [{ lang, terms: terms.length > 0 ? terms : queryTerms(q, [lang], { keepStopwords: true, prefixLast: true }) }];
}

const summary = (p: { id: string; matchedCount: number; rank: number }): string => `${p.id} ${p.matchedCount} ${p.rank.toFixed(6)}`;

describe.each(testBackends)('search ranking with the frequent-term table ($name)', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    // A tiny table, so that most query words of this small corpus count as frequent and the
    // candidates path is exercised (the shipped settings list only very frequent lexemes).
    await refreshTermTable(db, undefined, { minShare: 0, minDocs: 30, topK: 12 });
  }, 300_000);
  afterAll(async () => {
    await db.close();
  });

  it('lists frequent lexemes with their passages, and every lexeme with its document frequency', async () => {
    const [stats] = await db.query<{ frequent: number; lexemes: number }>(
      "SELECT count(*) FILTER (WHERE floor_rank IS NOT NULL)::int AS frequent, count(*)::int AS lexemes FROM term_stats WHERE lang = 'en'",
    );
    expect(stats?.frequent).toBeGreaterThan(50);
    expect(stats?.lexemes).toBeGreaterThan(stats?.frequent ?? 0);
    const [god] = await db.query<{ ndoc: number; listed: number }>(
      `SELECT s.ndoc, (SELECT count(*)::int FROM term_top t WHERE t.lang = s.lang AND t.lexeme = s.lexeme) AS listed
       FROM term_stats s WHERE s.lang = 'en' AND s.lexeme = 'god'`,
    );
    const [count] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM passages WHERE lang = 'en' AND tsv @@ 'god'::tsquery");
    expect(god?.ndoc).toBe(count?.n);
    // The 12 best, and any tied with the 12th.
    expect(god?.listed).toBeGreaterThanOrEqual(12);
    expect(god?.listed).toBeLessThan(count?.n ?? 0);
  });

  it('ranks exactly like every match when the bound proves it, and close to it otherwise, for the bench and evaluation queries', async () => {
    const queries = [...BENCH_QUERIES, ...evalQuestions()];
    expect(queries.length).toBeGreaterThan(90);
    const differences: string[] = [];
    const paths = { exact: 0, approximate: 0, full: 0 };
    let shown = 0;
    let agreeing = 0;
    for (const { q, lang } of queries) {
      if (!['en', 'tr', 'ar'].includes(lang)) continue;
      const groups = groupsFor(q, lang);
      if (groups[0]?.terms.length === 0) continue;
      for (const page of [
        { limit: 10, offset: 0 },
        { limit: 10, offset: 10 },
      ]) {
        const fast = await searchPassages(db, groups, undefined, page, 'candidates');
        const full = await searchPassages(db, groups, undefined, page, 'full');
        paths[fast.path ?? 'full'] += 1;
        const a = fast.passages.map(summary).join('\n');
        const b = full.passages.map(summary).join('\n');
        if (fast.path === 'exact' && a !== b) differences.push(`${lang} ${q} @${page.offset}\n${a}\n---\n${b}`);
        // Every passage shown matches, once, in ranking order.
        const ids = fast.passages.map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const p of fast.passages) expect(p.matchedCount).toBeGreaterThan(0);
        for (let i = 1; i < fast.passages.length; i += 1) {
          const [prev, next] = [fast.passages[i - 1], fast.passages[i]];
          if (prev && next) expect(prev.matchedCount).toBeGreaterThanOrEqual(next.matchedCount);
        }
        const fullIds = new Set(full.passages.map((p) => p.id));
        shown += full.passages.length;
        agreeing += ids.filter((id) => fullIds.has(id)).length;
        // Exact, or (many matches through frequent words) an estimate within a factor of 1.5.
        if (fast.total !== full.total) {
          expect(full.total).toBeGreaterThan(EXACT_TOTAL_LIMIT / 4);
          expect(fast.total / full.total).toBeGreaterThan(1 / 1.5);
          expect(fast.total / full.total).toBeLessThan(1.5);
        }
      }
      const terms = groups[0]?.terms ?? [];
      const weights = terms.map((_, i) => i + 1);
      const options = { weights, order: 'weight', limit: 30, offset: 0 } as const;
      const fastAsk = await rankPassages(db, terms, { lang, source: 'quran' }, options);
      const fullAsk = await rankPassages(db, terms, { lang, source: 'quran' }, { ...options, strategy: 'full' });
      if (fastAsk.map(summary).join() !== fullAsk.map(summary).join()) differences.push(`ask ${lang} ${q}`);
    }
    expect(differences).toEqual([]);
    // The proof holds for a good share of pages even with this tiny table (12 passages a lexeme).
    expect(paths.exact).toBeGreaterThan(paths.approximate / 4);
    // Approximate pages still show mostly the passages ranking every match shows.
    expect(agreeing / shown).toBeGreaterThan(0.6);
  }, 300_000);

  it('pages through the candidates and past them without repeating or skipping a passage', async () => {
    const groups = groupsFor('god lord', 'en');
    const first = await searchPassages(db, groups, undefined, { limit: 10, offset: 0 }, 'candidates');
    expect(first.total).toBeGreaterThan(300);
    const whole = await searchPassages(db, groups, undefined, { limit: 300, offset: 0 }, 'candidates');
    const paged: string[] = [];
    for (let offset = 0; offset < 300; offset += 25) {
      const page = await searchPassages(db, groups, undefined, { limit: 25, offset }, 'candidates');
      paged.push(...page.passages.map((p) => p.id));
    }
    expect(paged).toEqual(whole.passages.map((p) => p.id));
    expect(new Set(paged).size).toBe(300);
    // Past the head: the full ranking without the head's passages, down to the last page.
    const full = await searchPassages(db, groups, undefined, { limit: 10, offset: first.total - 5 }, 'full');
    const last = await searchPassages(db, groups, undefined, { limit: 10, offset: first.total - 5 }, 'candidates');
    expect(last.passages.map(summary)).toEqual(full.passages.map(summary));
    const beyond = await searchPassages(db, groups, undefined, { limit: 10, offset: first.total + 10 }, 'candidates');
    expect(beyond.passages).toEqual([]);
    expect(beyond.total).toBe(full.total);
  });

  describe('concept alternatives', () => {
    // "patience" exactly, or its concept's other wordings at weight 0.5.
    const patience: QueryTerm = {
      word: 'patience',
      parts: [{ config: 'english', query: "'patience'" }],
      alternatives: [{ config: 'english', query: "'steadfast' | 'persevere'" }],
      alternativeWeight: 0.5,
    };
    const reward: QueryTerm = { word: 'reward', parts: [{ config: 'english', query: "'reward'" }] };

    it('weighs a match through an alternative below an exact one and counts both in the total', async () => {
      const groups = [{ lang: 'en', terms: [patience, reward] }];
      const all = await searchPassages(db, groups, 'quran', { limit: 1000, offset: 0 }, 'full');
      const exact = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM passages WHERE source = 'quran' AND lang = 'en' AND tsv @@ to_tsquery('english', 'patience | reward | steadfast | persevere')",
      );
      expect(all.total).toBe(exact[0]?.n);
      const viaAlternative = all.passages.find((p) => p.matched[0] && !/patien/i.test(p.text));
      expect(viaAlternative?.text).toMatch(/steadfast|persever/i);
      for (const p of all.passages) {
        const exactPatience = /\bpatience\b/i.test(p.text);
        const hasReward = /\brewards?\b|\brewarded\b/i.test(p.text);
        if (!p.matched[0]) continue;
        expect(p.matchedCount).toBeCloseTo((exactPatience ? 1 : 0.5) + (hasReward && p.matched[1] ? 1 : 0), 6);
      }
      // All else equal, "patience" + "reward" ranks above "steadfast" + "reward".
      const firstPartial = all.passages.findIndex((p) => p.matchedCount === 1.5);
      const lastFull = all.passages.map((p) => p.matchedCount).lastIndexOf(2);
      if (firstPartial >= 0 && lastFull >= 0) expect(lastFull).toBeLessThan(firstPartial);
      const fast = await searchPassages(db, groups, 'quran', { limit: 50, offset: 0 }, 'candidates');
      expect(fast.passages.map(summary)).toEqual(all.passages.slice(0, 50).map(summary));
    });

    it('defaults the alternative weight and gives alternatives their share of an answer weight', async () => {
      const term: QueryTerm = { word: 'patience', parts: patience.parts, alternatives: patience.alternatives };
      const ranked = await rankPassages(db, [term], { lang: 'en', source: 'quran' }, { weights: [2], order: 'weight', limit: 500, offset: 0 });
      const alternativeOnly = ranked.filter((p) => !/patience/i.test(p.text));
      expect(alternativeOnly.length).toBeGreaterThan(0);
      for (const p of alternativeOnly) expect([p.matchedCount, p.weight]).toEqual([0.8, 1.6]);
      const stats = await termStats(db, [term], { lang: 'en', source: 'quran' });
      expect(stats.df).toEqual([ranked.length]);
      expect(stats.usable).toEqual([true]);
    });

    it('marks words matched through alternatives for highlighting', async () => {
      const words = ['patience', 'steadfast', 'persevere', 'mercy'].map((w) => ({ lang: 'en', ...indexForms('en', w) }));
      expect([...(await matchingWords(db, [patience], words))].sort()).toEqual([0, 1, 2]);
    });
  });
});
