import type { Queryable } from '../db/database.js';
import type { QueryTerm } from '../passages/terms.js';
import { termStats } from '../passages/ranking.js';
import type { Scope, TermStats } from '../passages/types.js';
import { asciiFoldTurkish, foldTurkishAscii, turkishFallbackStem } from '../languages/turkish.js';
import { turkishRoots } from '../lexicon/turkish-roots.js';

/**
 * A second chance for Turkish words that match nothing. A question's verb is often in
 * a form the translation never uses — "paylaştırılır" (is it shared out), "götürüldü" (was he
 * taken), "taşımaktan" (from carrying), "karışmaz" (does not mix) — and such a word, found in no
 * passage, both finds nothing and weighs the most in `ask`'s coverage, so the question is refused.
 * The query side's own suffix stripping (`turkishSuffixStem`) stops at five letters and knows no
 * tense, voice or mood, so that words that do match keep their precision; here, only for a word
 * matching no passage of the scope, the verb's suffixes are peeled down to a stem of four letters
 * or more and matched as a prefix: `paylaş-`, `götür-`, `taşı-`, `karış-` (`turkishFallbackStem`;
 * both in `languages/turkish.ts`). A word the morphological analyser's table knows
 * (`lexicon/turkish-roots.ts`) is matched through its root first: `uyudu` → `uyu-`,
 * `çalındı` → `çal-`, which the rules, stopping at four letters, cannot reach.
 */

/** Shortest root matched as a prefix: shorter ones (`al-`, `ol-`) would match nearly everything. */
const MIN_ROOT = 3;

/**
 * The prefix a Turkish word found nowhere is matched through: its most plausible root from the
 * shipped table when it has one of {@link MIN_ROOT} letters or more, else its rule-based
 * {@link turkishFallbackStem}; ASCII-folded, as the `simple` configuration indexes Turkish.
 */
function fallbackPrefix(word: string): string | undefined {
  const folded = foldTurkishAscii(word);
  const root = turkishRoots(word)
    .map(asciiFoldTurkish)
    .find((r) => r.length >= MIN_ROOT && r !== folded);
  return root ?? turkishFallbackStem(word);
}

/**
 * The statistics of a query's terms in the scope (`termStats`), with each Turkish word that
 * matches no passage of the scope (document frequency 0, through its forms and its alternatives
 * alike) matched through its root or fallback stem ({@link fallbackPrefix}) as a prefix instead, and the statistics
 * counted again (one more statement, only when a word was changed). Other languages, words that
 * match, concept mentions of several words and names with an apostrophe are left as they are.
 *
 * @param terms the query's terms for `scope` (`queryTerms` in `query.ts`)
 * @param scope the passages searched; only `lang: 'tr'` is changed
 * @param options passed to `termStats` (`countTotal`)
 * @returns the terms searched and their statistics (`terms` itself when nothing changed)
 * @throws on a database error
 */
export async function termStatsWithFallback(
  db: Queryable,
  terms: readonly QueryTerm[],
  scope: Scope,
  options: { countTotal?: boolean } = {},
): Promise<{ terms: readonly QueryTerm[]; stats: TermStats }> {
  const stats = await termStats(db, terms, scope, options);
  if (scope.lang !== 'tr') return { terms, stats };
  let changed = false;
  const refined = terms.map((term, i) => {
    if (!stats.usable[i] || (stats.df[i] ?? 0) > 0) return term;
    const stem = fallbackPrefix(term.word);
    if (stem === undefined) return term;
    changed = true;
    return { ...term, parts: [{ config: 'simple' as const, query: `'${stem}':*` }] };
  });
  if (!changed) return { terms, stats };
  return { terms: refined, stats: await termStats(db, refined, scope, options) };
}
