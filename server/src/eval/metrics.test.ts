import fs from 'node:fs';
import path from 'node:path';
import { averagePrecisionAt10, breakdown, evaluate, EvalFileError, outcomesByKind, parseDevSet, percentile, type EvalObservation, type EvalQuestion } from './metrics';

const devSet = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'eval', 'dev.tsv'), 'utf8');
const heldOut = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'eval', 'heldout.tsv'), 'utf8');

describe('the evaluation', () => {
  it('reads the dev set: at least 60 questions in English, Turkish and Arabic, some unanswerable', () => {
    const questions = parseDevSet(devSet);
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(questions.map((q) => q.lang))).toEqual(new Set(['en', 'tr', 'ar']));
    expect(questions.filter((q) => q.refs.length === 0).length).toBeGreaterThanOrEqual(10);
    expect(new Set(questions.map((q) => q.kind))).toEqual(new Set(['lexical', 'paraphrase', 'offtopic']));
  });

  it('reads the held-out set: at least 40 paraphrased questions in English and Turkish, none of them a dev question', () => {
    const questions = parseDevSet(heldOut, 'heldout');
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((q) => q.kind))).toEqual(new Set(['paraphrase']));
    expect(new Set(questions.map((q) => q.set))).toEqual(new Set(['heldout']));
    for (const lang of ['en', 'tr']) expect(questions.filter((q) => q.lang === lang).length).toBeGreaterThanOrEqual(20);
    expect(questions.every((q) => q.refs.length > 0)).toBe(true);
    const dev = new Set(parseDevSet(devSet).map((q) => q.question.toLocaleLowerCase()));
    expect(questions.filter((q) => dev.has(q.question.toLocaleLowerCase()))).toEqual([]);
  });

  it('reports lexical, paraphrased dev and paraphrased held-out questions apart, unanswerable ones in none', () => {
    const dev = parseDevSet('en\tquran\tparaphrase\tkin\t4:36\nen\tquran\tlexical\tpatience\t2:153\nen\tquran\tnone\tfootball\t-\n');
    const held = parseDevSet('tr\tquran\tparaphrase\tintihar\t4:29\n', 'heldout');
    const hits: Record<string, string[]> = { kin: ['4:36'], patience: ['1:1', '2:153'], intihar: [] };
    const groups = breakdown([...dev, ...held].map((question) => ({ question, hits: hits[question.question] ?? [], refused: false, cited: [] })));
    expect(groups.map((g) => [g.label, g.report.answerable, g.report.recallAt10, g.report.mrrAt10])).toEqual([
      ['lexical (dev)', 1, 1, 0.5],
      ['paraphrase (dev)', 1, 1, 1],
      ['paraphrase (heldout)', 1, 0, 0],
    ]);
  });

  it('names the line of a malformed row', () => {
    expect(() => parseDevSet('lang\tsource\tkind\tquestion\trefs\nen\tquran\tlexical\tno refs column\n')).toThrow(new EvalFileError('line 2: expected 5 tab-separated columns (lang, source, kind, question, refs), got 4'));
  });

  const questions = parseDevSet('en\tquran\tlexical\tpatience\t2:153,2:155\nen\tquran\tnone\tfootball\t-\nen\tquran\tlexical\tthrone\t2:255-256\n');
  const observe = (refused: boolean, hits: string[][]): EvalObservation[] =>
    questions.map((question, i) => ({ question, hits: hits[i] ?? [], refused, cited: hits[i] ?? [] }));

  it('scores recall@10 and MRR@10 of the hits', () => {
    const report = evaluate(observe(false, [['3:1', '2:155', '2:153'], [], ['2:255-256']]));
    expect(report.recallAt10).toBeCloseTo((1 + 1) / 2);
    expect(report.mrrAt10).toBeCloseTo((1 / 2 + 1) / 2);
    expect(report.hitAt10).toBe(1);
    expect(evaluate(observe(false, [['3:1'], [], ['2:255']])).hitAt10).toBe(0.5);
  });

  it('scores a server that refuses everything badly on answerable questions, and one that never refuses badly on the rest', () => {
    const refusesAll = evaluate(observe(true, [[], [], []]));
    expect(refusesAll.falseRefusalRate).toBe(1);
    expect(refusesAll.refusalRate).toBe(1);
    const neverRefuses = evaluate(observe(false, [['2:153'], ['1:1'], ['2:255']]));
    expect(neverRefuses.refusalRate).toBe(0);
    expect(neverRefuses.falseRefusalRate).toBe(0);
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 0.95)).toBe(95);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe('outcomes and MAP@10', () => {
  const q = (kind: string, refs: string[]): EvalQuestion => ({ set: 's', line: 1, lang: 'en', source: 'quran', kind, question: 'q', refs });
  it('averages precision at the ranks of the relevant verses', () => {
    expect(averagePrecisionAt10(['1:1', '2:2', '3:3'], ['2:2', '3:3'])).toBeCloseTo((1 / 2 + 2 / 3) / 2);
    expect(averagePrecisionAt10(['9:9'], ['1:1'])).toBe(0);
  });
  it('reports answered, related and refused shares per kind', () => {
    const [everyday, offtopic] = outcomesByKind([
      { question: q('everyday', ['1:1']), hits: ['1:1'], refused: false, related: false, cited: ['1:1'] },
      { question: q('everyday', ['2:2']), hits: [], refused: false, related: true, cited: ['3:3'] },
      { question: q('offtopic', []), hits: [], refused: true, related: false, cited: [] },
    ]);
    expect(everyday).toMatchObject({ kind: 'everyday', questions: 2, answered: 0.5, related: 0.5, refused: 0, hitAt10: 0.5, citedRelevant: 0.5, answeredCitingRelevant: 1 });
    expect(offtopic).toMatchObject({ kind: 'offtopic', refused: 1 });
  });
});
