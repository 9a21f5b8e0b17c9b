import { Router } from 'express';
import { isLang, MAX_QUESTION_CHARS, type AskRequest } from '@kb/contracts';
import type { Queryable } from '../db/database.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { HttpError } from '../http/errors.js';
import { isStorableText } from '../http/guards.js';
import type { Generator } from './llm/generate.js';
import { answerQuestion } from './answer.js';
import { openAnswerStream } from './stream.js';

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
 */
export function askRouter(db: Queryable, generator?: Generator, fusion?: QueryFusion): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const request = parseAskRequest(req.body);
    if (!wantsStream(req.get('accept'))) {
      const outcome = await answerQuestion(db, request, { generator, fusion });
      if (outcome.rejected) req.log.warn({ rejected: outcome.rejected }, 'generated answer replaced by the extractive one');
      res.set('Cache-Control', 'no-store').json(outcome.answer);
      return;
    }
    const stream = openAnswerStream(res);
    try {
      const outcome = await answerQuestion(db, request, { generator, stream, fusion });
      if (outcome.rejected) req.log.warn({ rejected: outcome.rejected }, 'generated answer replaced by the extractive one');
    } catch (error) {
      req.log.error({ err: error }, 'answer stream failed');
      stream.error('The answer could not be produced; please try again');
    }
  });
  return router;
}
