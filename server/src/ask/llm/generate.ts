import OpenAI from 'openai';
import type { Citation, Lang } from '@kb/contracts';
import type { LlmConfig } from './config.js';

/**
 * Generative answers through any OpenAI-compatible endpoint (the official `openai` client).
 * The model sees only the question and the numbered passages retrieved for it, never
 * anything else from the site; the question is sent to the configured endpoint and nowhere
 * else, and is not logged.
 */

/** Writes an answer from numbered passages, streaming its text. */
export interface Generator {
  /**
   * @returns the model's text in pieces as they come
   * @throws the client's error (network, HTTP status, timeout)
   */
  generate(question: string, lang: Lang, citations: readonly Citation[]): AsyncIterable<string>;
}

const INSTRUCTIONS: Readonly<Record<Lang, string>> = {
  en:
    'You answer questions about religious texts using ONLY the numbered passages given. ' +
    'Write a short answer in English. After every statement, cite the passage it comes from as [n]. ' +
    'When you quote, copy the words exactly between “ and ”. Never use knowledge from outside the passages, ' +
    'never invent a passage number, and if the passages do not answer the question, say so.',
  tr:
    'Dinî metinlerle ilgili soruları YALNIZCA verilen numaralı metinlere dayanarak cevaplarsın. ' +
    'Türkçe kısa bir cevap yaz. Her ifadeden sonra dayandığı metni [n] biçiminde göster. ' +
    'Alıntı yaptığında kelimeleri “ ve ” arasına aynen aktar. Metinlerin dışındaki bilgiyi kullanma, ' +
    'olmayan bir numara uydurma; metinler soruyu cevaplamıyorsa bunu söyle.',
};

/** The user message: the numbered passages (reference, translator, text), then the question. */
export function promptFor(question: string, citations: readonly Citation[]): string {
  const passages = citations.map((c) => `[${c.n}] ${c.source} ${c.ref} (${c.translator}): ${c.text}`).join('\n\n');
  return `Passages:\n\n${passages}\n\nQuestion: ${question}`;
}

/**
 * A generator over the configured endpoint: one streamed chat completion per answer,
 * temperature 0, no retries (the extractive answer is the fallback), within `timeoutMs`.
 */
export function createGenerator(config: LlmConfig): Generator {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? 'not-needed',
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  return {
    async *generate(question, lang, citations) {
      const stream = await client.chat.completions.create({
        model: config.model,
        temperature: 0,
        stream: true,
        messages: [
          { role: 'system', content: INSTRUCTIONS[lang] },
          { role: 'user', content: promptFor(question, citations) },
        ],
      });
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) yield piece;
      }
    },
  };
}
