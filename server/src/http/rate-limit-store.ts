import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';

/** Where a {@link DatabaseRateLimitStore} keeps its counts and how it reaches them. */
export interface DatabaseRateLimitStoreOptions {
  /** The database every server process shares (table `rate_limits`, migration 0005). */
  db: Queryable;
  /**
   * The limiter's name in the table (`form`, `ask`, `read`, …): limiters with the same name share
   * counts across processes; two limiters of one process that must count apart need two names.
   */
  limiter: string;
  /** Where a failing database is reported (one warning per window at most). */
  logger?: Logger;
  /** The clock in ms since the epoch (default `Date.now`; tests move it). */
  now?: () => number;
}

/** Rows of ended windows deleted per prune (one prune per window length and store at most). */
export const PRUNE_BATCH = 1_000;

interface Window {
  /** Start of the client's window, ms since the epoch. */
  start: number;
  hits: number;
}

/**
 * An express-rate-limit `Store` over the database, so every server process on one database
 * shares one count per client (ARCHITECTURE: rate-limit state in the database). Works on
 * PGlite and PostgreSQL 15.
 *
 * Windows are counted as express-rate-limit's memory store counts them: a client's window
 * starts at its first request and lasts `windowMs` (from the limiter's options: a minute for the
 * site's limits); the reset time handed back (for `RateLimit` and `Retry-After`) is that
 * window's end. One row per limiter and client, counted (or restarted once its window ended)
 * by one atomic upsert. At most once per window length, an increment also deletes up to
 * {@link PRUNE_BATCH} rows of this limiter whose window has ended.
 *
 * **When the database fails** (unreachable, timeout, missing table) the store fails open to a
 * count of its own: `increment` answers from an in-memory count of this process, so a client is
 * still held to the limit per process (never refused because the database is down, never
 * unlimited), and a warning is logged once per window length. Failed decrements and resets are
 * logged and dropped. When the database answers again, counting resumes there.
 */
export class DatabaseRateLimitStore implements Store {
  /** Keys of this store are shared with other processes' stores of the same limiter. */
  readonly localKeys = false;
  /** The limiter's name: express-rate-limit's double-count check tells stores apart by it. */
  readonly prefix: string;
  private windowMs = 60_000;
  private readonly db: Queryable;
  private readonly logger: Logger | undefined;
  private readonly now: () => number;
  private lastPrune = -Infinity;
  private lastWarning = -Infinity;
  /** This process's own count, used while the database fails. */
  private readonly fallback = new Map<string, Window>();
  private lastSweep = -Infinity;

  constructor(options: DatabaseRateLimitStoreOptions) {
    this.db = options.db;
    this.prefix = options.limiter;
    this.logger = options.logger;
    this.now = options.now ?? (() => Date.now());
  }

  /** Takes the window length from the limiter's options. */
  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private info(window: Window): ClientRateLimitInfo {
    return { totalHits: window.hits, resetTime: new Date(window.start + this.windowMs) };
  }

  /**
   * Counts one request of `key`: in its current window, or as the first of a new window when
   * it has none or its window has ended.
   * @returns the window's hits so far (this one included) and the window's end
   */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now();
    let window: Window;
    try {
      const rows = await this.db.query<{ hits: number; start_ms: number }>(
        `INSERT INTO rate_limits AS r (limiter, key, window_start, hits) VALUES ($1, $2, $3::timestamptz, 1)
         ON CONFLICT (limiter, key) DO UPDATE SET
           hits = CASE WHEN r.window_start <= $4::timestamptz THEN 1 ELSE r.hits + 1 END,
           window_start = CASE WHEN r.window_start <= $4::timestamptz THEN EXCLUDED.window_start ELSE r.window_start END
         RETURNING hits, (extract(epoch FROM window_start) * 1000)::float8 AS start_ms`,
        [this.prefix, key, iso(now), iso(now - this.windowMs)],
      );
      window = { hits: Number(rows[0]?.hits), start: Number(rows[0]?.start_ms) };
      if (!Number.isInteger(window.hits) || window.hits < 1 || !Number.isFinite(window.start)) {
        throw new Error(`rate_limits answered ${JSON.stringify(rows[0])}`);
      }
    } catch (error) {
      this.warn(error, now);
      return this.info(this.countLocally(key, now));
    }
    if (now - this.lastPrune >= this.windowMs) {
      this.lastPrune = now;
      await this.prune(now);
    }
    return this.info(window);
  }

  /** Takes back one request of `key` in its current window (never below zero). */
  async decrement(key: string): Promise<void> {
    const now = this.now();
    const local = this.fallback.get(key);
    if (local && local.hits > 0) local.hits -= 1;
    try {
      await this.db.query(
        `UPDATE rate_limits SET hits = hits - 1
         WHERE limiter = $1 AND key = $2 AND window_start > $3::timestamptz AND hits > 0`,
        [this.prefix, key, iso(now - this.windowMs)],
      );
    } catch (error) {
      this.warn(error, now);
    }
  }

  /** Forgets the count of `key` for this limiter. */
  async resetKey(key: string): Promise<void> {
    this.fallback.delete(key);
    try {
      await this.db.query('DELETE FROM rate_limits WHERE limiter = $1 AND key = $2', [this.prefix, key]);
    } catch (error) {
      this.warn(error, this.now());
    }
  }

  /** Forgets every count of this limiter. */
  async resetAll(): Promise<void> {
    this.fallback.clear();
    try {
      await this.db.query('DELETE FROM rate_limits WHERE limiter = $1', [this.prefix]);
    } catch (error) {
      this.warn(error, this.now());
    }
  }

  /**
   * The count of `key` in its current window.
   * @returns undefined when `key` has no window or its window has ended
   * @throws the database's error
   */
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const rows = await this.db.query<{ hits: number; start_ms: number }>(
      `SELECT hits, (extract(epoch FROM window_start) * 1000)::float8 AS start_ms FROM rate_limits
       WHERE limiter = $1 AND key = $2 AND window_start > $3::timestamptz`,
      [this.prefix, key, iso(this.now() - this.windowMs)],
    );
    const row = rows[0];
    return row ? this.info({ hits: Number(row.hits), start: Number(row.start_ms) }) : undefined;
  }

  /** Deletes up to {@link PRUNE_BATCH} rows of this limiter whose window has ended; a failure is only logged. */
  private async prune(now: number): Promise<void> {
    try {
      await this.db.query(
        `DELETE FROM rate_limits WHERE ctid IN (
           SELECT ctid FROM rate_limits WHERE window_start <= $2::timestamptz AND limiter = $1 LIMIT ${PRUNE_BATCH})`,
        [this.prefix, iso(now - this.windowMs)],
      );
    } catch (error) {
      this.warn(error, now);
    }
  }

  private countLocally(key: string, now: number): Window {
    if (now - this.lastSweep >= this.windowMs) {
      this.lastSweep = now;
      for (const [k, w] of this.fallback) if (w.start + this.windowMs <= now) this.fallback.delete(k);
    }
    let window = this.fallback.get(key);
    if (!window || window.start + this.windowMs <= now) {
      window = { start: now, hits: 0 };
      this.fallback.set(key, window);
    }
    window.hits += 1;
    return { ...window };
  }

  private warn(error: unknown, now: number): void {
    if (now - this.lastWarning < this.windowMs) return;
    this.lastWarning = now;
    this.logger?.warn(
      { err: error, limiter: this.prefix },
      'rate limit: the database failed; counting in this process alone until it answers',
    );
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
