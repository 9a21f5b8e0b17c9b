import type { AskRequest } from '@kb/contracts';
import { parseAnswer } from './api/ask';
import type { ConversationEntry, EntryFailure } from './useConversation';

/**
 * The `sessionStorage` key the frame keeps the conversation under: one per tab and origin, so
 * it lasts while the tab does (reloads included) and no longer, and is never sent anywhere.
 */
export const CONVERSATION_STORAGE_KEY = 'kb.assistant.conversation';

/** Format of what is stored; a value of another version is ignored. */
const VERSION = 1;

/** Most entries kept: the oldest are dropped first, so a long visit cannot fill the storage. */
export const MAX_STORED_ENTRIES = 50;

/** The storage the conversation is kept in, as far as this module needs it (`Storage`). */
export type ConversationStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const FAILURES: readonly EntryFailure[] = ['network', 'rate-limited', 'rejected', 'server', 'interrupted'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseRequest(value: unknown): AskRequest | undefined {
  if (!isRecord(value)) return undefined;
  const { question, lang, source } = value;
  if (typeof question !== 'string' || question.length === 0 || (lang !== 'en' && lang !== 'tr')) return undefined;
  if (source !== undefined && typeof source !== 'string') return undefined;
  return source === undefined ? { question, lang } : { question, lang, source };
}

/**
 * One stored entry, or `undefined` when malformed. An entry that was still loading or
 * streaming when the page went away comes back as failed (`interrupted`), with Retry.
 */
function parseEntry(value: unknown): ConversationEntry | undefined {
  if (!isRecord(value)) return undefined;
  const { id, status } = value;
  const request = parseRequest(value.request);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || !request) return undefined;
  switch (status) {
    case 'answered': {
      const answer = parseAnswer(value.answer);
      return answer ? { id, request, status, answer } : undefined;
    }
    case 'failed': {
      const failure = FAILURES.find((f) => f === value.failure);
      return failure ? { id, request, status, failure } : undefined;
    }
    case 'loading':
    case 'streaming':
      return { id, request, status: 'failed', failure: 'interrupted' };
    default:
      return undefined;
  }
}

/**
 * The conversation kept in `storage`, oldest first; empty when there is none, when the
 * storage cannot be read (blocked, private mode) or when what is there is not a conversation
 * of this version. Malformed entries are skipped; ids are unique. Never throws.
 *
 * @param storage `window.sessionStorage`, or `null` when it is not available
 */
export function loadConversation(storage: ConversationStorage | null): ConversationEntry[] {
  let raw: string | null;
  try {
    raw = storage?.getItem(CONVERSATION_STORAGE_KEY) ?? null;
  } catch {
    return [];
  }
  if (raw === null) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!isRecord(data) || data.version !== VERSION || !Array.isArray(data.entries)) return [];
  const entries: ConversationEntry[] = [];
  const ids = new Set<number>();
  for (const item of data.entries) {
    const entry = parseEntry(item);
    if (!entry || ids.has(entry.id)) continue;
    ids.add(entry.id);
    entries.push(entry);
  }
  return entries;
}

/**
 * Keeps `entries` (the newest {@link MAX_STORED_ENTRIES}) in `storage`, or removes the key
 * when there are none. A full or blocked storage is ignored: the conversation then simply
 * does not survive a reload. Never throws.
 *
 * @param storage `window.sessionStorage`, or `null` when it is not available
 */
export function saveConversation(storage: ConversationStorage | null, entries: readonly ConversationEntry[]): void {
  if (!storage) return;
  try {
    if (entries.length === 0) storage.removeItem(CONVERSATION_STORAGE_KEY);
    else storage.setItem(CONVERSATION_STORAGE_KEY, JSON.stringify({ version: VERSION, entries: entries.slice(-MAX_STORED_ENTRIES) }));
  } catch {
    // Quota exceeded or storage denied: keep the conversation in memory only.
  }
}

/** `window.sessionStorage`, or `null` where reading it throws (storage blocked for the frame). */
export function tabStorage(): ConversationStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
