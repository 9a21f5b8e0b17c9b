import { describe, expect, it } from '@jest/globals';
import {
  CONVERSATION_STORAGE_KEY,
  MAX_STORED_ENTRIES,
  loadConversation,
  saveConversation,
  type ConversationStorage,
} from './conversationStore';
import { patienceAnswer } from './testing/fixtures';
import type { ConversationEntry } from './useConversation';

/** A storage holding plain strings, like `sessionStorage`. */
function memoryStorage(initial: Record<string, string> = {}): ConversationStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const answered: ConversationEntry = {
  id: 1,
  request: { question: 'What is patience?', lang: 'en' },
  status: 'answered',
  answer: patienceAnswer,
};
const failed: ConversationEntry = {
  id: 2,
  request: { question: 'sabır', lang: 'tr', source: 'quran' },
  status: 'failed',
  failure: 'rate-limited',
};

describe('conversation storage', () => {
  it('gives back what was saved', () => {
    const storage = memoryStorage();
    saveConversation(storage, [answered, failed]);
    expect(loadConversation(storage)).toEqual([answered, failed]);
  });

  it('brings back an answer that was still on its way as interrupted, to be retried', () => {
    const storage = memoryStorage();
    saveConversation(storage, [
      { id: 3, request: { question: 'prayer', lang: 'en' }, status: 'streaming', progress: { mode: 'extractive', text: 'Here', citations: [] } },
      { id: 4, request: { question: 'zakat', lang: 'en' }, status: 'loading' },
    ]);
    expect(loadConversation(storage)).toEqual([
      { id: 3, request: { question: 'prayer', lang: 'en' }, status: 'failed', failure: 'interrupted' },
      { id: 4, request: { question: 'zakat', lang: 'en' }, status: 'failed', failure: 'interrupted' },
    ]);
  });

  it('removes the key when the conversation is empty', () => {
    const storage = memoryStorage();
    saveConversation(storage, [answered]);
    saveConversation(storage, []);
    expect(storage.data.has(CONVERSATION_STORAGE_KEY)).toBe(false);
  });

  it('keeps only the newest entries', () => {
    const storage = memoryStorage();
    const many = Array.from({ length: MAX_STORED_ENTRIES + 5 }, (_, i): ConversationEntry => ({ ...answered, id: i + 1 }));
    saveConversation(storage, many);
    const kept = loadConversation(storage);
    expect(kept).toHaveLength(MAX_STORED_ENTRIES);
    expect(kept[0]?.id).toBe(6);
  });

  it('starts empty from nothing, garbage, another version or a storage that throws', () => {
    expect(loadConversation(null)).toEqual([]);
    expect(loadConversation(memoryStorage())).toEqual([]);
    expect(loadConversation(memoryStorage({ [CONVERSATION_STORAGE_KEY]: '{not json' }))).toEqual([]);
    expect(loadConversation(memoryStorage({ [CONVERSATION_STORAGE_KEY]: JSON.stringify({ version: 99, entries: [answered] }) }))).toEqual([]);
    const throwing: ConversationStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(loadConversation(throwing)).toEqual([]);
    expect(() => saveConversation(throwing, [answered])).not.toThrow();
  });

  it('skips malformed and repeated entries and keeps the rest', () => {
    const stored = {
      version: 1,
      entries: [
        answered,
        { ...answered },
        { id: 5, request: { question: '', lang: 'en' }, status: 'loading' },
        { id: 6, request: { question: 'x', lang: 'de' }, status: 'loading' },
        { id: 7, request: { question: 'x', lang: 'en' }, status: 'answered', answer: { answer: 1 } },
        { id: 8, request: { question: 'x', lang: 'en' }, status: 'failed', failure: 'boom' },
        failed,
      ],
    };
    expect(loadConversation(memoryStorage({ [CONVERSATION_STORAGE_KEY]: JSON.stringify(stored) }))).toEqual([answered, failed]);
  });
});
