import { asciiFoldTurkish, foldTurkish } from '../corpus/normalize.js';
import type { Queryable } from '../db/database.js';
import type { QueryTerm } from '../passages/terms.js';
import { termStats, type Scope, type TermStats } from '../passages/ranking.js';

/**
 * A second chance for Turkish words that match nothing. A question's verb is often in
 * a form the translation never uses — "paylaştırılır" (is it shared out), "götürüldü" (was he
 * taken), "taşımaktan" (from carrying), "karışmaz" (does not mix) — and such a word, found in no
 * passage, both finds nothing and weighs the most in `ask`'s coverage, so the question is refused.
 * The query side's own suffix stripping (`query.ts`, `turkishSuffixStem`) stops at five letters
 * and knows no tense, voice or mood, so that words that do match keep their precision; here, only
 * for a word matching no passage of the scope, the verb's suffixes are peeled down to a stem of
 * four letters or more and matched as a prefix: `paylaş-`, `götür-`, `taşı-`, `karış-`.
 */

/**
 * Verb and derivation suffixes (ASCII-folded: ı → i, ü → u, ş → s, ğ → g, ç → c) peeled by
 * {@link turkishFallbackStem}, longest first: ability (-abilir), obligation (-malı, -malıyız),
 * participles and verbal nouns (-dığını, -en, -ecek, -mış), infinitive and negation (-mak, -maz),
 * converbs (-ken, -arak), tenses (-iyor, -di, -ir), passive and causative (-il, -dir), plural and
 * case (-ler, -den, -ini), and the agent and "with" nouns (-cı, -li).
 */
const FALLBACK_SUFFIXES = [
  'maliyiz', 'meliyiz', 'maliyim', 'meliyim', 'ilmali', 'ilmeli', 'ulmali', 'ulmeli', 'abilir', 'ebilir',
  'digini', 'dugunu', 'tigini', 'tugunu', 'lerin', 'larin', 'digi', 'dugu', 'tigi', 'tugu', 'leri', 'lari',
  'iyor', 'uyor', 'acak', 'ecek', 'mali', 'meli', 'arak', 'erek',
  'ler', 'lar', 'yor', 'maz', 'mez', 'mak', 'mek', 'mis', 'mus', 'ken', 'dik', 'duk', 'tik', 'tuk', 'dig', 'dug', 'tig', 'tug',
  'dir', 'dur', 'tir', 'tur', 'tan', 'ten', 'dan', 'den', 'nin', 'nun', 'ini', 'unu',
  'yi', 'yu', 'di', 'du', 'ti', 'tu', 'ir', 'ur', 'ar', 'er', 'il', 'ul', 'in', 'un', 'en', 'an', 'ip', 'up', 'ci', 'cu', 'li', 'lu', 'ma', 'me',
].sort((a, b) => b.length - a.length);

/** Shortest stem {@link turkishFallbackStem} leaves (`götür-`, not `göt-`). */
export const FALLBACK_MIN_STEM = 4;

/**
 * The stem of a Turkish word with its verb and derivation suffixes peeled (at most four, each
 * leaving at least {@link FALLBACK_MIN_STEM} letters), ASCII-folded: `paylaştırılır` → `paylas`,
 * `götürüldü` → `gotur`, `taşımaktan` → `tasi`, `balıkçılar` → `balik`.
 *
 * @param word a Turkish word as typed (one word; letters only count)
 * @returns the stem, or undefined when nothing was peeled or the word is not one plain word
 */
export function turkishFallbackStem(word: string): string | undefined {
  if (!/^\p{L}+$/u.test(word)) return undefined;
  const ascii = asciiFoldTurkish(foldTurkish(word));
  let stem = ascii;
  for (let round = 0; round < 4; round++) {
    const suffix = FALLBACK_SUFFIXES.find((s) => stem.endsWith(s) && stem.length - s.length >= FALLBACK_MIN_STEM);
    if (!suffix) break;
    stem = stem.slice(0, -suffix.length);
  }
  return stem === ascii ? undefined : stem;
}

/**
 * The statistics of a query's terms in the scope (`termStats`), with each Turkish word that
 * matches no passage of the scope (document frequency 0, through its forms and its alternatives
 * alike) matched through its {@link turkishFallbackStem} as a prefix instead, and the statistics
 * counted again (one more statement, only when a word was changed). Other languages, words that
 * match, concept mentions of several words and names with an apostrophe are left as they are.
 *
 * @param terms the query's terms for `scope` (`queryTerms` in `query.ts`)
 * @param scope the passages searched; only `lang: 'tr'` is changed
 * @returns the terms searched and their statistics (`terms` itself when nothing changed)
 * @throws on a database error
 */
export async function termStatsWithFallback(
  db: Queryable,
  terms: readonly QueryTerm[],
  scope: Scope,
): Promise<{ terms: readonly QueryTerm[]; stats: TermStats }> {
  const stats = await termStats(db, terms, scope);
  if (scope.lang !== 'tr') return { terms, stats };
  let changed = false;
  const refined = terms.map((term, i) => {
    if (!stats.usable[i] || (stats.df[i] ?? 0) > 0) return term;
    const stem = turkishFallbackStem(term.word);
    if (stem === undefined) return term;
    changed = true;
    return { ...term, parts: [{ config: 'simple' as const, query: `'${stem}':*` }] };
  });
  if (!changed) return { terms, stats };
  return { terms: refined, stats: await termStats(db, refined, scope) };
}
