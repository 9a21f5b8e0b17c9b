import type { Answer, AskRequest } from '@kb/contracts';
import type { Queryable } from '../db/database.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { identifyLanguage } from '../languages/identify.js';
import type { Generator } from './llm/generate.js';
import { checkGenerated, type Rejection } from './llm/verify.js';
import { answerLanguage, citationsFor, extractiveText, findPassages, refusal } from './service.js';
import { deltaPieces, type AnswerStream } from './stream.js';

/** What {@link answerQuestion} reports besides the answer (for the log: never the question). */
export interface AnswerOutcome {
  answer: Answer;
  /** Why a generated answer was replaced by the extractive one, if it was. */
  rejected?: Rejection | 'model-error';
}

/**
 * Answers a question, extractively or — with a generator — generatively, optionally streaming
 * the events of ARCHITECTURE.md to `stream`:
 *
 * - the answer's language is the question's own (`answerLanguage`), the interface's when ambiguous;
 * - the passages are found as for an extractive answer; none → the refusal, and the model is
 *   never asked (no guess without sources); only related ones → quoted as related passages,
 *   extractively (`related: true`, the text says so first), the model not asked either;
 * - with a generator, the model sees only the numbered passages; its text streams as `delta`
 *   events as it comes; afterwards it is checked (`llm/verify.ts`: every `[n]` exists, every
 *   quotation is in its passage) and `done` carries it (`mode: 'generative'`), or, when it
 *   fails a check or the model fails, the extractive answer (the client replaces what it showed);
 * - without one, the extractive answer is streamed in `delta` pieces.
 *
 * With `fusion` (embeddings configured) the candidates are reordered by fused keyword and vector ranks.
 *
 * @throws on a database error (the caller answers 500, or `error` on an open stream)
 */
export async function answerQuestion(
  db: Queryable,
  request: AskRequest,
  options: { generator?: Generator; stream?: AnswerStream; fusion?: QueryFusion } = {},
): Promise<AnswerOutcome> {
  const { generator, stream } = options;
  stream?.meta(generator ? 'generative' : 'extractive');
  const finish = (outcome: AnswerOutcome): AnswerOutcome => {
    stream?.done(outcome.answer);
    return outcome;
  };
  const lang = answerLanguage(request.question, request.lang);
  const found = await findPassages(db, request, options.fusion, undefined, lang);
  if (!found) return finish({ answer: refusal(lang, 'noSource') });
  if (found.passages.length === 0) {
    // Searched in another language than the question's own: its words could not match there.
    const elsewhere = found.passageLang !== lang && identifyLanguage(request.question) !== found.passageLang;
    return finish({ answer: refusal(lang, 'refused', elsewhere ? found.passageLang : undefined) });
  }
  const citations = await citationsFor(db, found.passages);
  for (const c of citations) stream?.citation(c);
  const extractive: Answer = {
    answer: extractiveText(lang, found.source, found.passageLang, citations, found.related),
    citations,
    mode: 'extractive',
    refused: false,
    related: found.related,
    lang,
  };
  // A model is asked only to answer from passages that answer; related ones are quoted as they are.
  if (!generator || found.related) {
    if (stream) for (const piece of deltaPieces(extractive.answer)) stream.delta(piece);
    return finish({ answer: extractive });
  }
  let text = '';
  try {
    for await (const piece of generator.generate(request.question, lang, citations)) {
      if (stream?.closed) break;
      text += piece;
      stream?.delta(piece);
    }
  } catch {
    return finish({ answer: extractive, rejected: 'model-error' });
  }
  const rejected = checkGenerated(text, citations);
  if (rejected) return finish({ answer: extractive, rejected });
  return finish({ answer: { answer: text.trim(), citations, mode: 'generative', refused: false, related: false, lang } });
}
