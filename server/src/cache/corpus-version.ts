/**
 * How a server knows the corpus version without asking the database on every request: the
 * number in `corpus_version` (see `passages/version.ts`), read at most once a second, and at
 * once after a change made through this process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database.js';
import { readCorpusVersion } from '../passages/version.js';

/** Longest time a read corpus version is trusted before it is read again (ms). */
export const CORPUS_VERSION_MAX_AGE_MS = 1000;

/**
 * Listeners per database object. The admin commands that change the corpus and the app that
 * caches responses share only the `Database` object, so a change through this process is
 * announced on it rather than waited for (the once-a-second read covers other processes).
 */
const listeners = new WeakMap<object, Set<() => void>>();

/**
 * Calls `listener` whenever {@link announceCorpusChange} is called with the same database
 * object.
 *
 * @returns a function that removes the listener
 */
export function onCorpusChange(db: object, listener: () => void): () => void {
  const set = listeners.get(db) ?? new Set();
  set.add(listener);
  listeners.set(db, set);
  return () => set.delete(listener);
}

/**
 * Tells this process's response caches over `db` that a corpus change has committed, so they
 * read the new version on their next request instead of up to a second later. Call it after
 * the transaction that raised the version (`bumpCorpusVersion`).
 */
export function announceCorpusChange(db: object): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/** The corpus version as one server sees it. */
export interface CorpusVersionReader {
  /**
   * The version: the last one read when that was under `maxAgeMs` ago (and not expired),
   * else read now (one query shared by concurrent callers).
   *
   * @returns the version, as decimal text
   * @throws the database's error when the read fails (nothing is kept then)
   */
  current(): Promise<string>;
  /** Forgets the last read, so the next {@link current} reads again. */
  expire(): void;
}

/**
 * A reader of `db`'s corpus version (see {@link CorpusVersionReader}).
 *
 * @param options `maxAgeMs`: how long a read is trusted (default {@link CORPUS_VERSION_MAX_AGE_MS});
 *   `now`: the clock in ms (tests; default `Date.now`)
 */
export function corpusVersionReader(
  db: Queryable,
  options: { maxAgeMs?: number; now?: () => number } = {},
): CorpusVersionReader {
  const maxAgeMs = options.maxAgeMs ?? CORPUS_VERSION_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let last: { at: number; version: Promise<string> } | undefined;
  return {
    current() {
      const at = now();
      if (last && at - last.at < maxAgeMs) return last.version;
      const entry = { at, version: readCorpusVersion(db) };
      last = entry;
      entry.version.catch(() => {
        if (last === entry) last = undefined;
      });
      return entry.version;
    },
    expire() {
      last = undefined;
    },
  };
}

/** The corpus version a response is being computed under (set by the response cache). */
const computing = new AsyncLocalStorage<string>();

/**
 * Runs `fn` as the computation of a response kept under corpus `version`: what `fn` calls, in
 * its asynchronous continuations too, finds the version with {@link versionComputedUnder}, so
 * figures it derives from the corpus (term statistics) can be kept under the same version as
 * the response they go into.
 */
export function computeUnder<T>(version: string, fn: () => T): T {
  return computing.run(version, fn);
}

/**
 * The corpus version of the response being computed (see {@link computeUnder}).
 *
 * @returns undefined outside such a computation: with the response cache off, or when the
 *   version could not be read
 */
export function versionComputedUnder(): string | undefined {
  return computing.getStore();
}

/** Figures of one kind kept per database object, for one corpus version at a time. */
interface KeptFigures {
  /** The corpus version the entries belong to. */
  version: string;
  entries: LRUCache<string, Promise<unknown>>;
}

const keptByDatabase = new WeakMap<object, Map<string, KeptFigures>>();

/**
 * `compute()`, kept in memory under the corpus version of the response being computed (see
 * {@link computeUnder}): figures derived from the corpus (term statistics, the import records'
 * scope sizes and languages) that many responses ask for again. Per database object and `kind`,
 * at most `max` entries of one version, least recently used dropped first; every entry of an
 * older version is dropped when a newer one is seen (an import or a removal through any server
 * raises it), and a computation begun under an older version is not kept. A computation that
 * fails is not kept. Outside a response's computation (`SEARCH_CACHE=off`, the evaluation, a
 * version that could not be read) `compute()` runs every time.
 *
 * Callers hand out copies of what they get when it is mutable: the kept value is shared.
 *
 * @param key what the figure depends on besides the corpus (the scope, the terms)
 * @throws whatever `compute` throws
 */
export function keptUnderVersion<T>(db: object, kind: string, key: string, max: number, compute: () => Promise<T>): Promise<T> {
  const kept = keptFigures(db, kind, max);
  if (!kept) return compute();
  const found = kept.get<T>(key);
  if (found) return found;
  const computing = compute();
  kept.set(key, computing);
  return computing;
}

/** The figures of one kind kept under the version of the response being computed (see {@link keptFigures}). */
export interface KeptUnderVersion {
  /** The kept figure of `key`, or undefined. */
  get<T>(key: string): Promise<T> | undefined;
  /** Keeps `figure` under `key` (dropped again if it rejects). */
  set(key: string, figure: Promise<unknown>): void;
}

/**
 * The figures of `kind` kept for `db` under the corpus version of the response being computed,
 * as {@link keptUnderVersion} keeps them, for a caller that computes several at once.
 *
 * @returns undefined where nothing is kept: outside a response's computation, or under a
 *   version older than the one last seen
 */
export function keptFigures(db: object, kind: string, max: number): KeptUnderVersion | undefined {
  const version = versionComputedUnder();
  if (version === undefined) return undefined;
  let kinds = keptByDatabase.get(db);
  if (!kinds) {
    kinds = new Map();
    keptByDatabase.set(db, kinds);
  }
  let kept = kinds.get(kind);
  if (!kept) {
    kept = { version, entries: new LRUCache({ max }) };
    kinds.set(kind, kept);
  }
  if (kept.version !== version) {
    // A read begun before a newer one may end after it: compute, but keep nothing under it.
    if (BigInt(version) < BigInt(kept.version)) return undefined;
    kept.entries.clear();
    kept.version = version;
  }
  const entries = kept.entries;
  return {
    get: <T>(key: string) => entries.get(key) as Promise<T> | undefined,
    set: (key, figure) => {
      entries.set(key, figure);
      figure.catch(() => {
        if (entries.get(key) === figure) entries.delete(key);
      });
    },
  };
}
