/**
 * The evaluation's data and arithmetic (`npm run eval -- <questions.tsv>`): the dev set's
 * format, recall@10 and MRR@10 of search, the refusal rates of ask, and latency percentiles.
 * Pure; the CLI (`cli.ts`) does the HTTP.
 */

/** One question of a dev set. */
export interface EvalQuestion {
  /** The question set it comes from: its file's name without `.tsv` (`dev`, `heldout`). */
  set: string;
  /** Line number in the TSV (for messages). */
  line: number;
  /** Language of the question and of the passages searched: `en`, `tr` or `ar`. */
  lang: string;
  /** Source searched: `quran`, `quran-arabic`, `bible`, … */
  source: string;
  question: string;
  /** Verse refs that answer it (a range `2:255-257` counts each verse); empty = unanswerable. */
  refs: string[];
  /** `lexical` (shares words with the verse) or `paraphrase`; free text. */
  kind: string;
}

/** A problem in the TSV, with its line. */
export class EvalFileError extends Error {
  override name = 'EvalFileError';
}

function expand(ref: string): string[] {
  const m = /^(.+):(\d+)-(\d+)$/.exec(ref);
  if (!m) return [ref];
  const from = Number(m[2]);
  const to = Number(m[3]);
  return Array.from({ length: Math.max(0, to - from) + 1 }, (_, i) => `${m[1]}:${from + i}`);
}

/**
 * Parses a dev set: tab-separated `lang  source  kind  question  refs` with a header line;
 * `refs` comma-separated, or `-` for a question the sources cannot answer. Lines starting
 * with `#` and blank lines are skipped.
 *
 * @param set name recorded on every question (the file's name without `.tsv`), by which
 *   {@link breakdown} reports each set's figures apart
 * @throws EvalFileError naming the line of a malformed row
 */
export function parseDevSet(tsv: string, set = 'dev'): EvalQuestion[] {
  const questions: EvalQuestion[] = [];
  tsv.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || raw.startsWith('#') || (i === 0 && raw.startsWith('lang\t'))) return;
    const cols = raw.split('\t');
    if (cols.length !== 5) throw new EvalFileError(`line ${line}: expected 5 tab-separated columns (lang, source, kind, question, refs), got ${cols.length}`);
    const [lang = '', source = '', kind = '', question = '', refs = ''] = cols.map((c) => c.trim());
    if (!/^[a-z]{2,3}$/.test(lang)) throw new EvalFileError(`line ${line}: bad lang "${lang}"`);
    if (!/^[a-z0-9-]{1,40}$/.test(source)) throw new EvalFileError(`line ${line}: bad source "${source}"`);
    if (question === '') throw new EvalFileError(`line ${line}: no question`);
    questions.push({
      set,
      line,
      lang,
      source,
      kind,
      question,
      refs: refs === '-' ? [] : refs.split(',').map((r) => r.trim()).filter(Boolean).flatMap(expand),
    });
  });
  return questions;
}

/** Rank (1-based) of the first relevant ref among the hits, or undefined. */
export function firstRelevant(hitRefs: readonly string[], relevant: readonly string[]): number | undefined {
  const set = new Set(relevant);
  const i = hitRefs.findIndex((r) => expand(r).some((x) => set.has(x)));
  return i < 0 ? undefined : i + 1;
}

/** Share of the relevant refs found among the hits. */
export function recall(hitRefs: readonly string[], relevant: readonly string[]): number {
  if (relevant.length === 0) return 0;
  const found = new Set(hitRefs.flatMap(expand));
  return relevant.filter((r) => found.has(r)).length / relevant.length;
}

/**
 * Average precision at 10: the sum of precision@k over the ranks k ≤ 10 holding a relevant
 * verse (each relevant verse counted once), divided by min(|relevant|, 10).
 */
export function averagePrecisionAt10(hitRefs: readonly string[], relevant: readonly string[]): number {
  if (relevant.length === 0) return 0;
  const wanted = new Set(relevant);
  const seen = new Set<string>();
  let found = 0;
  let sum = 0;
  hitRefs.slice(0, 10).forEach((ref, i) => {
    const fresh = expand(ref).filter((x) => wanted.has(x) && !seen.has(x));
    if (fresh.length === 0) return;
    for (const x of fresh) seen.add(x);
    found++;
    sum += found / (i + 1);
  });
  return sum / Math.min(relevant.length, 10);
}

/** The value at quantile `q` (0–1) of `values` (nearest rank); 0 for none. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** What the evaluation saw for one question. */
export interface EvalObservation {
  question: EvalQuestion;
  /** Refs of the top 10 search hits. */
  hits: string[];
  refused: boolean;
  /** Refs the answer cited. */
  cited: string[];
  /** The answer offered only related passages (servers before `related` existed: absent). */
  related?: boolean;
  /** The language the answer was written in (servers before `lang` existed: absent). */
  answerLang?: string;
  /** Time to the search's response and to the answer, ms. */
  searchMs?: number;
  askMs?: number;
}

/** What `/api/ask` did with one kind of question (see {@link outcomesByKind}). */
export interface KindOutcomes {
  /** The questions' kind: `everyday`, `unanswerable`, `offtopic`, `paraphrase`, `lexical`, `none`, … */
  kind: string;
  questions: number;
  /** Shares of the questions given a plain answer, only related passages, a refusal. */
  answered: number;
  related: number;
  refused: number;
  /** Answerable questions only: a relevant verse among the first ten search hits. */
  hitAt10: number;
  /** Answerable questions only: share of those answered or given related passages whose citations include a relevant verse. */
  citedRelevant: number;
  /** Answerable questions only: share of the plain answers whose citations include a relevant verse. */
  answeredCitingRelevant: number;
  /** 95th percentile of the search's and the answer's time, ms (0 when not timed). */
  searchP95: number;
  askP95: number;
}

/**
 * The answer's three outcomes per kind of question, with hit@10, the share of citations
 * including a relevant verse, and the 95th percentile times. Kinds in the order first seen.
 */
export function outcomesByKind(observations: readonly EvalObservation[]): KindOutcomes[] {
  const kinds = [...new Set(observations.map((o) => o.question.kind))];
  const share = (xs: readonly EvalObservation[], test: (o: EvalObservation) => boolean): number => (xs.length === 0 ? 0 : xs.filter(test).length / xs.length);
  return kinds.map((kind) => {
    const members = observations.filter((o) => o.question.kind === kind);
    const answerable = members.filter((o) => o.question.refs.length > 0);
    const cites = (o: EvalObservation): boolean => firstRelevant(o.cited, o.question.refs) !== undefined;
    return {
      kind,
      questions: members.length,
      answered: share(members, (o) => !o.refused && !o.related),
      related: share(members, (o) => !o.refused && o.related === true),
      refused: share(members, (o) => o.refused),
      hitAt10: share(answerable, (o) => firstRelevant(o.hits.slice(0, 10), o.question.refs) !== undefined),
      citedRelevant: share(answerable.filter((o) => !o.refused), cites),
      answeredCitingRelevant: share(answerable.filter((o) => !o.refused && !o.related), cites),
      searchP95: percentile(members.map((o) => o.searchMs ?? 0), 0.95),
      askP95: percentile(members.map((o) => o.askMs ?? 0), 0.95),
    };
  });
}

/**
 * Share of the questions in English or Turkish whose answer was written in their own language
 * (`answerLang`), overall and for Turkish typed without Turkish letters; undefined when the
 * server reports no `lang`.
 */
export function languageAgreement(observations: readonly EvalObservation[]): { all: number; asciiTurkish: number; asciiTurkishQuestions: number } | undefined {
  const seen = observations.filter((o) => o.answerLang !== undefined && (o.question.lang === 'en' || o.question.lang === 'tr'));
  if (seen.length === 0) return undefined;
  const ascii = seen.filter((o) => o.question.lang === 'tr' && !/[çğıöşüÇĞİÖŞÜ]/u.test(o.question.question));
  const agree = (xs: readonly EvalObservation[]): number => (xs.length === 0 ? 1 : xs.filter((o) => o.answerLang === o.question.lang).length / xs.length);
  return { all: agree(seen), asciiTurkish: agree(ascii), asciiTurkishQuestions: ascii.length };
}

/** The evaluation's figures. */
export interface EvalReport {
  questions: number;
  answerable: number;
  unanswerable: number;
  /** Mean share of expected refs in the top 10 search hits (answerable questions). */
  recallAt10: number;
  /** Mean reciprocal rank of the first expected ref in the top 10 (0 when absent). */
  mrrAt10: number;
  /** Share of answerable questions with at least one expected ref in the top 10 (success@10). */
  hitAt10: number;
  /** Mean average precision at 10 ({@link averagePrecisionAt10}) over the answerable questions. */
  mapAt10: number;
  /** Share of unanswerable questions that `/api/ask` refused (higher is better). */
  refusalRate: number;
  /** Share of answerable questions that `/api/ask` refused (lower is better). */
  falseRefusalRate: number;
  /** Share of answerable, answered questions citing at least one expected ref. */
  citedRelevant: number;
}

/**
 * Computes the figures. A server that refuses everything scores a false-refusal rate of 1;
 * one that never refuses, a refusal rate of 0.
 */
export function evaluate(observations: readonly EvalObservation[]): EvalReport {
  const answerable = observations.filter((o) => o.question.refs.length > 0);
  const unanswerable = observations.filter((o) => o.question.refs.length === 0);
  const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const answered = answerable.filter((o) => !o.refused);
  return {
    questions: observations.length,
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    recallAt10: mean(answerable.map((o) => recall(o.hits.slice(0, 10), o.question.refs))),
    mrrAt10: mean(answerable.map((o) => 1 / (firstRelevant(o.hits.slice(0, 10), o.question.refs) ?? Infinity))),
    hitAt10: mean(answerable.map((o) => (firstRelevant(o.hits.slice(0, 10), o.question.refs) ? 1 : 0))),
    mapAt10: mean(answerable.map((o) => averagePrecisionAt10(o.hits, o.question.refs))),
    refusalRate: mean(unanswerable.map((o) => (o.refused ? 1 : 0))),
    falseRefusalRate: mean(answerable.map((o) => (o.refused ? 1 : 0))),
    citedRelevant: mean(answered.map((o) => (firstRelevant(o.cited, o.question.refs) ? 1 : 0))),
  };
}

/** The figures of one group of answerable questions (one kind of one set). */
export interface EvalGroup {
  /** `lexical (dev)`, `paraphrase (heldout)`: the questions' kind and, in brackets, their set. */
  label: string;
  kind: string;
  set: string;
  report: EvalReport;
}

/**
 * Splits the answerable questions by kind and set, so that lexical questions, paraphrased
 * dev questions and paraphrased held-out questions are reported apart (issue 11): lexical
 * groups first, then paraphrased ones, then any other kind; within a kind, sets in the order
 * they were read. Unanswerable questions (no refs) belong to no group — their refusal rate is
 * in the overall {@link evaluate} report.
 */
export function breakdown(observations: readonly EvalObservation[]): EvalGroup[] {
  const kindOrder = (kind: string): number => (kind === 'lexical' ? 0 : kind === 'paraphrase' ? 1 : 2);
  const sets = [...new Set(observations.map((o) => o.question.set))];
  const groups = new Map<string, EvalObservation[]>();
  for (const o of observations) {
    if (o.question.refs.length === 0) continue;
    const key = `${o.question.kind}\u0000${o.question.set}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.entries()]
    .map(([key, members]) => {
      const [kind = '', set = ''] = key.split('\u0000');
      return { label: `${kind} (${set})`, kind, set, report: evaluate(members) };
    })
    .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.kind.localeCompare(b.kind) || sets.indexOf(a.set) - sets.indexOf(b.set));
}
