import { Router } from 'express';
import { isLang, MAX_QUESTION_CHARS, type Answer, type AskRequest } from '@kb/contracts';
import { sendCachedJson, type CacheKey, type ResponseCache } from '../cache/responses.js';
import { computeUnder } from '../cache/corpus-version.js';
import type { Queryable } from '../db/database.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { HttpError } from '../http/errors.js';
import { whenTurn, type FairQueue } from '../http/fair-queue.js';
import { isStorableText } from '../http/guards.js';
import type { Generator } from './llm/generate.js';
import { answerQuestion } from './answer.js';
import { deltaPieces, openAnswerStream, type AnswerStream } from './stream.js';

/** True when the client asked for the Server-Sent Events stream (`Accept: text/event-stream`). */
function wantsStream(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes('text/event-stream');
}

const SOURCE_ID = /^[a-z0-9-]{1,40}$/;

/**
 * Validates the body of `POST /api/ask`: `{ question, lang, source? }` with `question` text of
 * 1–{@link MAX_QUESTION_CHARS} characters after trimming (no NUL or lone surrogates), `lang`
 * `en` or `tr`, `source` a catalog id (or null/absent). Other fields are ignored.
 *
 * @returns the request with the question trimmed
 * @throws HttpError 400 naming the field
 */
export function parseAskRequest(body: unknown): AskRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The body must be a JSON object { question, lang, source? }');
  }
  const b = body as Record<string, unknown>;
  if (typeof b.question !== 'string') throw new HttpError(400, 'question must be text');
  const question = b.question.trim();
  if (question.length === 0) throw new HttpError(400, 'question is required');
  if (question.length > MAX_QUESTION_CHARS) {
    throw new HttpError(400, `question must be at most ${MAX_QUESTION_CHARS} characters`);
  }
  if (!isStorableText(question)) throw new HttpError(400, 'question contains characters that are not allowed');
  if (!isLang(b.lang)) throw new HttpError(400, 'lang must be "en" or "tr"');
  const request: AskRequest = { question, lang: b.lang };
  if (b.source !== undefined && b.source !== null) {
    if (typeof b.source !== 'string' || !SOURCE_ID.test(b.source)) {
      throw new HttpError(400, 'source must be a source id like "quran"');
    }
    request.source = b.source;
  }
  return request;
}

/**
 * `POST /api/ask` `{ question, lang, source? }` → `Answer` (JSON), or with
 * `Accept: text/event-stream` the answer as Server-Sent Events (`meta`, `citation`…, `delta`…,
 * `done`, or `error` when answering fails after the stream opened); mount at `/api/ask`. An
 * invalid body is a 400 JSON error either way. With a `generator` (generative mode) answers
 * are written by the model from the retrieved passages and checked (see `answer.ts`). The
 * question is never logged or stored; a rejected model answer is logged with its reason only.
 * With `fusion` (embeddings configured) the candidates are reordered by fused keyword and vector ranks.
 *
 * Answers are kept in `responses` per question, interface language, source and corpus version
 * (never who asked), and shared by both forms: a repeated question is answered from memory
 * (`X-Cache: hit`), its stream replayed event by event. A generated answer replaced after a
 * failed check or a model error is not kept, nor a stream the client left early.
 *
 * With `queue`, a question not in the cache waits its client's turn there before anything is
 * sent (`http/fair-queue.ts`; 503 JSON with `Retry-After` when the expected wait is too long);
 * a kept answer is sent at once.
 */
export function askRouter(db: Queryable, responses: ResponseCache, generator?: Generator, fusion?: QueryFusion, queue?: FairQueue): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const request = parseAskRequest(req.body);
    const key = askCacheKey(request);
    const inTurn = <T>(task: () => Promise<T>, leaveWhenGone: boolean): Promise<T> =>
      queue ? whenTurn(queue, req, res, task, { leaveWhenGone }) : task();
    if (!wantsStream(req.get('accept'))) {
      // With the cache on, the answer may serve identical questions too: computed even if this client leaves.
      const result = await responses.json(key, () =>
        inTurn(async () => {
          const outcome = await answerQuestion(db, request, { generator, fusion });
          if (outcome.rejected) req.log.warn({ rejected: outcome.rejected }, 'generated answer replaced by the extractive one');
          // A replaced model answer is a failure of the moment: the next asker gets a new try.
          return { value: outcome.answer, keep: !outcome.rejected };
        }, !responses.enabled),
      );
      sendCachedJson(req, res, result, { 'Cache-Control': 'no-store' });
      return;
    }
    const { version, entry } = await responses.lookup(key);
    if (entry) {
      res.set('X-Cache', 'hit');
      replayAnswer(openAnswerStream(res), generator ? 'generative' : 'extractive', JSON.parse(entry.body) as Answer);
      return;
    }
    // The stream opens once the turn came: a refusal is still a JSON 503.
    await inTurn(async () => {
      if (responses.enabled) res.set('X-Cache', 'miss');
      const stream = openAnswerStream(res);
      try {
        const answer = (): ReturnType<typeof answerQuestion> => answerQuestion(db, request, { generator, stream, fusion });
        // Under the version it will be kept under, as `responses.json` computes (term statistics).
        const outcome = await (version !== undefined ? computeUnder(version, answer) : answer());
        if (outcome.rejected) req.log.warn({ rejected: outcome.rejected }, 'generated answer replaced by the extractive one');
        // Kept only when the stream ran to its end: a client that left may have cut the model short.
        else if (version !== undefined && res.writableEnded) responses.store(key, version, outcome.answer);
      } catch (error) {
        req.log.error({ err: error }, 'answer stream failed');
        stream.error('The answer could not be produced; please try again');
      }
    }, true);
  });
  return router;
}

/**
 * The response cache's key of a question: the trimmed question, the interface language (it
 * decides the answer's language when the question's own is unclear) and the source.
 */
export function askCacheKey(request: AskRequest): CacheKey {
  return ['ask', request.question, request.lang, request.source ?? null];
}

/**
 * Streams a kept answer as a new one would be streamed: `meta` (the mode this server answers
 * in), its citations, its text in `delta` pieces, then `done` with the answer.
 */
export function replayAnswer(stream: AnswerStream, mode: Answer['mode'], answer: Answer): void {
  stream.meta(mode);
  for (const citation of answer.citations) stream.citation(citation);
  for (const piece of deltaPieces(answer.answer)) stream.delta(piece);
  stream.done(answer);
}
