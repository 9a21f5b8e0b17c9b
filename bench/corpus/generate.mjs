/**
 * Synthetic corpus for the scale benchmark: grows the passages table to a target count with
 * realistic text recombined from the real corpus — clauses of the shipped translations (the
 * English Saheeh International and KJV verses, the Turkish Diyanet verses, the Uthmani Arabic
 * text) drawn at random (seeded, so a run is repeatable) and joined into passages of two to
 * five clauses, like the paragraphs of the institute's own collections. Nothing is random
 * bytes: every word is a word the search indexes in real use.
 *
 * Rows are written the way the corpus loader writes them (server/dist: `indexForms` for the
 * indexed forms, `insertPassages` — one multi-row INSERT per batch), many batches per
 * transaction. Synthetic passages carry the catalog ids of the institute's collections
 * (`sizinti`, `risale`, …) so every code path sees realistic rows, `ref` `synthetic <n>` and the
 * translator `bench synthetic text`, which tells them apart.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot, seededRandom } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const dist = (file) => require(path.join(repoRoot, 'server', 'dist', file));

/** Rows per INSERT statement. */
const BATCH_ROWS = 1000;
/** INSERT statements per transaction. */
const BATCHES_PER_TRANSACTION = 20;

/** Share of synthetic passages per language, and the collections they are filed under. */
const LANGUAGES = [
  { lang: 'tr', share: 0.5, sources: ['sizinti', 'risale', 'pirlanta', 'herkulnagme', 'caglayan'] },
  { lang: 'en', share: 0.35, sources: ['sizinti', 'hadith', 'tafsir'] },
  { lang: 'ar', share: 0.15, sources: ['hadith', 'tafsir'] },
];

/**
 * Clauses of the shipped corpus per language (en, tr, ar): verses split after sentence and
 * clause punctuation, fragments of at least three words.
 * @returns {Record<string, string[]>}
 */
export function clausePools() {
  const catalog = dist('corpus/catalog.js');
  const imports = catalog.SHIPPED_IMPORTS ?? catalog.QURAN_IMPORTS;
  /** @type {Record<string, string[]>} */
  const pools = { en: [], tr: [], ar: [] };
  for (const entry of imports) {
    const pool = pools[entry.lang];
    if (!pool) continue;
    for (const verse of catalog.readVerses(entry)) {
      for (const clause of verse.text.split(/(?<=[.;:!?،؛])\s+/u)) {
        const trimmed = clause.trim();
        if (trimmed.split(/\s+/).length >= 3) pool.push(trimmed);
      }
    }
  }
  return pools;
}

/**
 * Inserts `count` synthetic passages into `db` (the server stopped, or PostgreSQL).
 *
 * @param {{ query: Function, transaction: Function }} db a database opened with server/dist/db/open.js
 * @param {{ count: number, startAt: number, seed?: number, pools?: Record<string, string[]>, onProgress?: (done: number) => void }} options
 *   `startAt`: the first synthetic number (ids and refs stay unique across calls)
 * @returns {Promise<{ inserted: number, ms: number, passagesPerSecond: number, textBytes: number }>}
 *   time spent inserting (ms, normalization included) and the rate (passages/s)
 */
export async function addSyntheticPassages(db, { count, startAt, seed = 9, pools = clausePools(), onProgress }) {
  const { indexForms } = dist('corpus/normalize.js');
  const { insertPassages } = dist('passages/corpus.js');
  const random = seededRandom(seed + startAt);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const pickLanguage = () => {
    let x = random();
    for (const l of LANGUAGES) {
      if ((x -= l.share) <= 0) return l;
    }
    return LANGUAGES[0];
  };
  let next = startAt;
  let inserted = 0;
  let textBytes = 0;
  const started = performance.now();
  while (inserted < count) {
    await db.transaction(async (tx) => {
      for (let b = 0; b < BATCHES_PER_TRANSACTION && inserted < count; b += 1) {
        const language = pickLanguage();
        const source = pick(language.sources);
        const pool = pools[language.lang] ?? [];
        const rows = [];
        const n = Math.min(BATCH_ROWS, count - inserted);
        for (let i = 0; i < n; i += 1) {
          const clauses = 2 + Math.floor(random() * 4);
          let text = '';
          for (let c = 0; c < clauses; c += 1) text += (c ? ' ' : '') + pick(pool);
          if (text.length > 900) text = text.slice(0, text.lastIndexOf(' ', 900));
          const ref = `synthetic ${next}`;
          rows.push({ id: `${source}:${language.lang}:${ref}`, ref, position: next, section: '', text, ...indexForms(language.lang, text) });
          textBytes += Buffer.byteLength(text);
          next += 1;
        }
        await insertPassages(tx, { source, lang: language.lang, translator: 'bench synthetic text' }, rows);
        inserted += n;
      }
    });
    onProgress?.(inserted);
  }
  const ms = performance.now() - started;
  return { inserted, ms: Math.round(ms), passagesPerSecond: Math.round((inserted / ms) * 1000), textBytes };
}
