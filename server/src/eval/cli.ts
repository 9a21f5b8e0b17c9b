import fs from 'node:fs';
import path from 'node:path';
import type { Answer, SearchResponse } from '@kb/contracts';
import { parseCommandLine, reportUsage, UsageError } from '../cli/args.js';
import {
  breakdown,
  evaluate,
  EvalFileError,
  languageAgreement,
  outcomesByKind,
  parseDevSet,
  percentile,
  type EvalObservation,
  type EvalQuestion,
} from './metrics.js';

/** The lines reporting the answers' language, when the server reports it. */
function languageLines(agreement: ReturnType<typeof languageAgreement>, other: boolean, pct: (x: number) => string): string[] {
  if (!agreement) return [];
  const asked = other ? 'asked in the other interface language' : 'asked in their own interface language';
  return [
    `answers in the question's language (${asked}): ${pct(agreement.all)}; Turkish typed without Turkish letters: ${pct(agreement.asciiTurkish)} (n=${agreement.asciiTurkishQuestions})`,
  ];
}

/**
 * `npm run eval -- <questions.tsv>… [--url http://localhost:3000] [--runs N] [--verbose]`:
 * asks a running server every question of one or more question sets (default
 * `eval/dev.tsv eval/heldout.tsv`) and prints recall@10, MRR@10 and hit@10 (a relevant verse
 * among the first ten) of `/api/search` for each
 * kind of each set apart (`lexical (dev)`, `paraphrase (dev)`, `paraphrase (heldout)`) and for
 * all answerable questions, the refusal rate of `/api/ask` on the unanswerable questions and
 * its false-refusal rate on the answerable ones, with the latency (p50/p95, ms) of both
 * routes, and per kind of question (`everyday`, `unanswerable`, `offtopic`, …) the shares
 * answered, given only related passages and refused, hit@10, the share whose citations
 * include a relevant verse, and the p95 times; and the share of answers written in the
 * question's own language (`--other-interface` asks in the other interface language). The
 * server's rate limits must allow the requests (`RATE_LIMIT_READ_PER_MINUTE`,
 * `RATE_LIMIT_ASK_PER_MINUTE`). `--dump FILE` also writes one JSON line per question (its set
 * and line, search's first ten refs in order, ask's `refused`, cited refs and answer text), so
 * two builds can be compared with `diff`. Exit status: 0 done, 1 failed, 2 wrong usage.
 */

const USAGE = `Usage: npm run eval -- [<questions.tsv>…] [--url http://localhost:3000] [--runs N] [--verbose] [--dump FILE]
         [--other-interface]

  <questions.tsv>…  question sets (default eval/dev.tsv eval/heldout.tsv)
  --url URL         the running server (default http://localhost:$PORT, PORT default 3000)
  --runs N          ask every question N times, for the latency figures (default 1)
  --verbose         one line per question: set:line, language, answered or refused, rank
  --dump FILE       one JSON line per question: search's top-10 refs, ask's refused, cited
                    refs and answer text (and related, lang from servers that send them)
  --other-interface ask each question in the other interface language (en <-> tr): the
                    answer's language must still be the question's own`;

/** A command line of `npm run eval`, read. */
export interface EvalCommandLine {
  files: string[];
  /** Base URL of the server, without a trailing slash. */
  base: string;
  runs: number;
  verbose: boolean;
  dump: string | undefined;
  /** Ask in the other interface language. */
  otherInterface: boolean;
}

/**
 * Parses the arguments after `npm run eval --` (with `util.parseArgs`).
 * @throws HelpRequested for `--help` or `-h`
 * @throws UsageError for an unknown option, a file not named `.tsv`, or `--runs` not a whole number ≥ 1
 */
export function parseEvalArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): EvalCommandLine {
  const line = parseCommandLine(argv, { values: ['url', 'runs', 'dump'], flags: ['verbose', 'other-interface'] });
  const notTsv = line.positionals.find((f) => !f.endsWith('.tsv'));
  if (notTsv !== undefined) throw new UsageError(`${notTsv}: question sets are .tsv files`);
  const runs = line.values.get('runs') ?? '1';
  if (!/^\d+$/.test(runs) || Number(runs) < 1) throw new UsageError('--runs must be a whole number of at least 1');
  return {
    files: line.positionals.length > 0 ? line.positionals : DEFAULT_SETS,
    base: (line.values.get('url') ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/$/, ''),
    runs: Number(runs),
    verbose: line.flags.has('verbose'),
    dump: line.values.get('dump'),
    otherInterface: line.flags.has('other-interface'),
  };
}

/** The sets read when no file is named: the dev set and the held-out paraphrase set (issue 11). */
const DEFAULT_SETS = ['eval/dev.tsv', 'eval/heldout.tsv'];

async function timed<T>(fn: () => Promise<T>, times: number[]): Promise<T> {
  const start = performance.now();
  const result = await fn();
  times.push(performance.now() - start);
  return result;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

function searchUrl(base: string, q: EvalQuestion): string {
  const params = new URLSearchParams({ q: q.question, lang: q.lang, source: q.source, limit: '10' });
  return `${base}/api/search?${params.toString()}`;
}

/**
 * Asks in the question's language, or with `other` in the other interface language (the answer's
 * language must still be the question's own); an Arabic question is asked in English. The set's
 * source is sent, except for a `named` question, which names it.
 */
function askBody(q: EvalQuestion, other = false): { question: string; lang: 'en' | 'tr'; source?: string } {
  const own = q.lang === 'tr' ? 'tr' : 'en';
  const lang = other ? (own === 'tr' ? 'en' : 'tr') : own;
  // A `named` question names its source in its text ("What does the Bible say …?") and is asked without one.
  return q.kind === 'named' ? { question: q.question, lang } : { question: q.question, lang, source: q.source };
}

/**
 * Runs `npm run eval` with the arguments after `--`.
 * @returns the exit status: 0 done, 1 failed (a file unreadable), 2 wrong usage or a malformed question set
 * @throws when a request fails or an expected verse is missing (the caller reports it, status 1)
 */
export async function main(argv: readonly string[]): Promise<number> {
  let options: EvalCommandLine;
  try {
    options = parseEvalArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsage(error, USAGE, 'eval: ');
  }
  const { files, base, runs } = options;
  const questions: EvalQuestion[] = [];
  for (const file of files) {
    try {
      questions.push(...parseDevSet(fs.readFileSync(file, 'utf8'), path.basename(file, '.tsv')));
    } catch (error) {
      process.stderr.write(`${file}: ${(error as Error).message}\n`);
      return error instanceof EvalFileError ? 2 : 1;
    }
  }
  // Every expected verse must exist: a typo in the dev set would silently lower recall.
  for (const q of questions) {
    for (const ref of q.refs) {
      // A Turkish question about the KJV is answered from its English verses: look in every language.
      const lang = 'all';
      const found = await getJson<SearchResponse>(`${base}/api/search?${new URLSearchParams({ q: ref, lang, source: q.source })}`);
      if (!found.hits.some((h) => h.ref === ref)) throw new Error(`${q.set} line ${q.line}: ${ref} is not in ${q.source} (${lang})`);
    }
  }
  const searchTimes: number[] = [];
  const askTimes: number[] = [];
  const observations: EvalObservation[] = [];
  const dumpFile = options.dump;
  const dump: string[] = [];
  for (let run = 0; run < runs; run++) {
    for (const q of questions) {
      const search = await timed(() => getJson<SearchResponse>(searchUrl(base, q)), searchTimes);
      const answer = await timed(
        () =>
          getJson<Partial<Answer> & Pick<Answer, 'answer' | 'citations' | 'refused'>>(`${base}/api/ask`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(askBody(q, options.otherInterface)),
          }),
        askTimes,
      );
      if (run > 0) continue;
      observations.push({
        question: q,
        hits: search.hits.map((h) => h.ref),
        refused: answer.refused,
        cited: answer.citations.map((c) => c.ref),
        related: answer.related,
        answerLang: answer.lang,
        searchMs: searchTimes.at(-1),
        askMs: askTimes.at(-1),
      });
      if (dumpFile) {
        const line = { set: q.set, line: q.line, question: q.question, search: search.hits.map((h) => h.ref), refused: answer.refused, cited: answer.citations.map((c) => c.ref), answer: answer.answer };
        // Fields of the revised answer object, only from servers that send them (older dumps compare byte for byte).
        const revised = answer.related === undefined ? {} : { related: answer.related, lang: answer.lang };
        dump.push(JSON.stringify({ ...line, ...revised }));
      }
      if (options.verbose) {
        const rank = search.hits.findIndex((h) => q.refs.includes(h.ref));
        process.stdout.write(`${q.set}:${q.line}\t${q.lang}\t${answer.refused ? 'REFUSED' : 'answered'}\trank=${rank < 0 ? '-' : rank + 1}\t${q.question}\n`);
      }
    }
  }
  if (dumpFile) fs.writeFileSync(dumpFile, dump.map((l) => `${l}\n`).join(''));
  const report = evaluate(observations);
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const ms = (xs: number[]): string => `p50 ${percentile(xs, 0.5).toFixed(1)} ms, p95 ${percentile(xs, 0.95).toFixed(1)} ms (n=${xs.length})`;
  const rows = [...breakdown(observations), { label: 'all answerable', report }];
  const width = Math.max(...rows.map((r) => r.label.length));
  process.stdout.write(
    [
      `questions: ${report.questions} (${report.answerable} answerable, ${report.unanswerable} unanswerable) from ${files.join(', ')}`,
      `${'search'.padEnd(width)}  questions  recall@10  MRR@10  hit@10  MAP@10`,
      ...rows.map(
        (r) =>
          `${r.label.padEnd(width)}  ${String(r.report.answerable).padStart(9)}  ${pct(r.report.recallAt10).padStart(9)}  ${r.report.mrrAt10.toFixed(3).padStart(6)}  ${pct(r.report.hitAt10).padStart(6)}  ${r.report.mapAt10.toFixed(3).padStart(6)}`,
      ),
      `ask refusal rate (unanswerable): ${pct(report.refusalRate)}`,
      `ask false-refusal rate (answerable): ${pct(report.falseRefusalRate)}`,
      `ask answers citing an expected verse: ${pct(report.citedRelevant)}`,
      `search latency: ${ms(searchTimes)}`,
      `ask latency: ${ms(askTimes)}`,
      '',
      `${'ask by kind'.padEnd(12)}  questions  answered  related  refused  hit@10  cites relevant  answers citing  search p95  ask p95`,
      ...outcomesByKind(observations).map(
        (k) =>
          `${k.kind.padEnd(12)}  ${String(k.questions).padStart(9)}  ${pct(k.answered).padStart(8)}  ${pct(k.related).padStart(7)}  ${pct(k.refused).padStart(7)}  ${pct(k.hitAt10).padStart(6)}  ${pct(k.citedRelevant).padStart(14)}  ${pct(k.answeredCitingRelevant).padStart(14)}  ${k.searchP95.toFixed(0).padStart(7)} ms  ${k.askP95.toFixed(0).padStart(4)} ms`,
      ),
      ...languageLines(languageAgreement(observations), options.otherInterface, pct),
      '',
    ].join('\n'),
  );
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
