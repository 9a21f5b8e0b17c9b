/** Query terms normalized by the database into the tsqueries every ranking statement carries. */
import type { Queryable } from '../../db/database.js';
import { DEFAULT_ALTERNATIVE_WEIGHT, type QueryTerm, type TermPart } from '../terms.js';
import { disjuncts, distinctDisjuncts, type Disjunct } from './tsquery.js';

/** OR of normalized tsquery texts (empty ones dropped); undefined when nothing is left. */
export function orQuery(texts: readonly string[]): string | undefined {
  const kept = texts.filter((t) => t.trim() !== '');
  return kept.length === 0 ? undefined : kept.map((t) => `(${t})`).join(' | ');
}

/** A term with its tsqueries normalized by the database (`to_tsquery(config, query)::text`). */
export interface PreparedTerm {
  /** OR of the parts, or undefined when they reduce to nothing. */
  parts?: string;
  /** OR of the alternatives, or undefined. */
  alternatives?: string;
  /** What a match through the alternatives only is worth: the term's `alternativeWeight × partWeight`. */
  alternativeWeight: number;
  /** What a match through the parts is worth (`QueryTerm.partWeight`, default 1). */
  partWeight: number;
  /** Disjuncts of the parts and of the alternatives; undefined when a tsquery cannot be decomposed. */
  partDisjuncts?: Disjunct[];
  alternativeDisjuncts?: Disjunct[];
}

/** The terms of one passage language (undefined: matched in every language), normalized. */
export interface PreparedGroup {
  lang?: string;
  terms: PreparedTerm[];
  /** OR of every term's parts and alternatives; undefined when all reduce to nothing. */
  all?: string;
  /**
   * tsqueries whose `ts_rank_cd` values are summed into a passage's rank: the distinct
   * disjuncts of all terms (for an OR of lexemes the sum equals `ts_rank_cd` of the whole OR,
   * at a fraction of its cost), or `all` itself when a term cannot be decomposed.
   */
  rankQueries: string[];
}

/**
 * Normalized tsquery texts by configuration and query text: `to_tsquery` depends on nothing
 * else (the configurations' dictionaries are built into the database), so a repeated word costs
 * no round trip. Cleared when full.
 */
const normalizedCache = new Map<string, string>();
const NORMALIZED_CACHE_SIZE = 20_000;

/**
 * Normalizes every part and alternative of the groups' terms in one round trip, so the
 * ranking queries carry constant tsqueries (`$n::tsquery`, parsed once per statement).
 */
export async function prepare(
  db: Queryable,
  groups: readonly { lang?: string; terms: readonly QueryTerm[] }[],
): Promise<PreparedGroup[]> {
  const configs: string[] = [];
  const queries: string[] = [];
  const add = (parts: readonly TermPart[]): number[] =>
    parts.map((p) => {
      configs.push(p.config);
      queries.push(p.query);
      return configs.length - 1;
    });
  const layout = groups.map((g) => g.terms.map((t) => ({ parts: add(t.parts), alternatives: add(t.alternatives ?? []), term: t })));
  const keys = configs.map((c, i) => `${c}\u0000${queries[i] ?? ''}`);
  const missing = [...new Set(keys.filter((k) => !normalizedCache.has(k)))];
  if (missing.length > 0) {
    const rows = await db.query<{ t: string }>(
      `SELECT to_tsquery(x.c::regconfig, x.q)::text AS t
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(c, q, i) ORDER BY x.i`,
      [missing.map((k) => k.split('\u0000')[0]), missing.map((k) => k.slice(k.indexOf('\u0000') + 1))],
    );
    if (normalizedCache.size + missing.length > NORMALIZED_CACHE_SIZE) normalizedCache.clear();
    missing.forEach((k, i) => normalizedCache.set(k, rows[i]?.t ?? ''));
  }
  const normalized = keys.map((k) => normalizedCache.get(k) ?? '');
  const disjunctsOf = (indexes: number[]): Disjunct[] | undefined => {
    const all: Disjunct[] = [];
    for (const i of indexes) {
      const found = disjuncts(normalized[i] ?? '');
      if (!found) return undefined;
      all.push(...found);
    }
    return all;
  };
  return groups.map((g, gi) => {
    // Each OR is written with its distinct disjuncts only: a word's forms in two configurations
    // and a concept's wordings often normalize alike ('sadaka':* ten times over), and every
    // repeated item is tested again on every row.
    const or = (indexes: number[], list: Disjunct[] | undefined): string | undefined =>
      list === undefined ? orQuery(indexes.map((i) => normalized[i] ?? '')) : orQuery(distinctDisjuncts([list]).map((d) => d.text));
    const terms = (layout[gi] ?? []).map(({ parts, alternatives, term }): PreparedTerm => {
      const partDisjuncts = disjunctsOf(parts);
      const alternativeDisjuncts = disjunctsOf(alternatives);
      return {
        parts: or(parts, partDisjuncts),
        alternatives: or(alternatives, alternativeDisjuncts),
        alternativeWeight: (term.alternativeWeight ?? DEFAULT_ALTERNATIVE_WEIGHT) * (term.partWeight ?? 1),
        partWeight: term.partWeight ?? 1,
        partDisjuncts,
        alternativeDisjuncts,
      };
    });
    const lists = terms.flatMap((t) => [t.partDisjuncts, t.alternativeDisjuncts]);
    const decomposed = lists.every((l) => l !== undefined);
    const distinct = decomposed ? distinctDisjuncts(lists as Disjunct[][]).map((d) => d.text) : undefined;
    const all = distinct ? orQuery(distinct) : orQuery(terms.flatMap((t) => [t.parts ?? '', t.alternatives ?? '']));
    const rankQueries = distinct ?? (all === undefined ? [] : [all]);
    return { lang: g.lang, terms, all, rankQueries };
  });
}
