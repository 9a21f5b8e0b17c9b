import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { PRUNE_BATCH } from './rate-limit-store.js';

/** Where {@link SharedRateLimitCounts} keeps its counts and how often it writes them. */
export interface SharedRateLimitCountsOptions {
  /** The database every server process shares (table `rate_limits`, migration 0005). */
  db: Queryable;
  /** Time between two writes of this process's new counts (ms, > 0; `RATE_LIMIT_FLUSH_MS`). */
  flushMs: number;
  /** Where a failing database is reported (one warning per window length at most). */
  logger?: Logger;
  /** The clock in ms since the epoch (default `Date.now`; tests move it). */
  now?: () => number;
  /**
   * Clients one limiter keeps in memory at most (default {@link MAX_CLIENTS}); past it, clients
   * whose hits are all written are forgotten, oldest window first.
   */
  maxClients?: number;
}

/**
 * Clients per limiter kept in memory (about 150 bytes each): a flood of distinct addresses
 * cannot grow the process without bound. A forgotten client's hits are in the table already; its
 * next request counts from zero until the next write reads its shared count back, the same
 * bound as across servers.
 */
export const MAX_CLIENTS = 100_000;

/**
 * The batched counts a server uses for its read and question limits: none when `flushMs` is 0
 * (`RATE_LIMIT_FLUSH_MS=0`: one upsert per request instead).
 */
export function rateLimitCountsFor(options: SharedRateLimitCountsOptions): SharedRateLimitCounts | undefined {
  return options.flushMs > 0 ? new SharedRateLimitCounts(options) : undefined;
}

/** One client's window as this process knows it. */
interface Count {
  /** Start of the window, ms since the epoch: the database's once read back, else this process's first request. */
  start: number;
  windowMs: number;
  /** The window's hits in the database at the last read-back (every process's flushed hits). */
  shared: number;
  /** Hits of this process being written by the flush in progress. */
  inFlight: number;
  /** Hits of this process not yet written (negative after more decrements than increments). */
  pending: number;
  /** When the first of `pending` was counted (ms): a row whose window ended before it starts anew. */
  pendingSince: number;
}

interface Row {
  limiter: string;
  key: string;
  hits: number;
  start_ms: number;
}

/**
 * Rate-limit counts shared by every server process on one database without a statement per
 * request: each process counts in memory and writes its new hits to `rate_limits` in one
 * batched upsert at most every `flushMs`, reading back every written client's shared count
 * (all processes' flushed hits) in the same statement. A request is decided on (the shared
 * count read back at the last flush + this process's hits since), so:
 *
 * - one process alone holds the limit exactly, and no process admits more than the limit per
 *   window by itself;
 * - across processes, a hit reaches the table within `flushMs` of its request and every other
 *   process that the client then uses within one more `flushMs`: a client spreading requests
 *   over N processes can pass the limit by what it sends to them in about two flush intervals,
 *   and never by more than (N − 1) × the limit per window.
 *
 * Windows are express-rate-limit's memory store's: a client's window starts at its first
 * request (the earliest any process wrote) and lasts the limiter's `windowMs`. When a write
 * fails the hits stay pending (retried at the next flush) and the process keeps deciding on its
 * own counts: never refused because the database is down, never unlimited. {@link close}
 * writes what is pending (call it on shutdown before closing the database).
 */
export class SharedRateLimitCounts {
  private readonly db: Queryable;
  private readonly flushMs: number;
  private readonly logger: Logger | undefined;
  private readonly now: () => number;
  private readonly maxClients: number;
  /** Limiter name → client key → count. */
  private readonly limiters = new Map<string, Map<string, Count>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private lastWarning = -Infinity;
  private lastSweep: number;

  constructor(options: SharedRateLimitCountsOptions) {
    if (!(options.flushMs > 0)) throw new Error(`flushMs must be positive, not ${options.flushMs}`);
    this.db = options.db;
    this.flushMs = options.flushMs;
    this.logger = options.logger;
    this.now = options.now ?? (() => Date.now());
    this.maxClients = options.maxClients ?? MAX_CLIENTS;
    if (!(this.maxClients >= 1)) throw new Error(`maxClients must be at least 1, not ${options.maxClients}`);
    this.lastSweep = this.now();
  }

  /**
   * An express-rate-limit `Store` counting through these counts under `limiter`: stores of one
   * name in any process share counts; a name must not be used by two limiters of one app.
   */
  store(limiter: string): Store & Required<Pick<Store, 'init' | 'get'>> {
    if (this.limiters.has(limiter)) throw new Error(`rate limiter ${limiter} is registered twice`);
    const counts = new Map<string, Count>();
    this.limiters.set(limiter, counts);
    let windowMs = 60_000;
    const info = (count: Count): ClientRateLimitInfo => ({
      totalHits: Math.max(0, count.shared + count.inFlight + count.pending),
      resetTime: new Date(count.start + count.windowMs),
    });
    const live = (key: string, now: number): Count | undefined => {
      const count = counts.get(key);
      return count && now < count.start + count.windowMs ? count : undefined;
    };
    return {
      prefix: limiter,
      localKeys: false,
      init: (options: Options) => {
        windowMs = options.windowMs;
      },
      increment: (key: string) => {
        const now = this.now();
        let count = live(key, now);
        if (!count) {
          // A new window: hits of the ended one no longer decide anything, so they are not written.
          count = { start: now, windowMs, shared: 0, inFlight: 0, pending: 0, pendingSince: now };
          if (counts.size >= this.maxClients) forgetWritten(counts, this.maxClients);
          counts.delete(key); // an ended window's entry goes, so the map keeps insertion order = window order
          counts.set(key, count);
        }
        this.add(count, 1, now);
        return Promise.resolve(info(count));
      },
      decrement: (key: string) => {
        const now = this.now();
        const count = live(key, now);
        if (count && count.shared + count.inFlight + count.pending > 0) this.add(count, -1, now);
        return Promise.resolve();
      },
      get: async (key: string) => {
        const count = live(key, this.now());
        if (count) return info(count);
        const rows = await this.db.query<{ hits: number; start_ms: number }>(
          `SELECT hits, (extract(epoch FROM window_start) * 1000)::float8 AS start_ms FROM rate_limits
           WHERE limiter = $1 AND key = $2 AND window_start > $3::timestamptz`,
          [limiter, key, iso(this.now() - windowMs)],
        );
        const row = rows[0];
        return row ? { totalHits: Number(row.hits), resetTime: new Date(Number(row.start_ms) + windowMs) } : undefined;
      },
      resetKey: async (key: string) => {
        counts.delete(key);
        await this.db.query('DELETE FROM rate_limits WHERE limiter = $1 AND key = $2', [limiter, key]);
      },
      resetAll: async () => {
        counts.clear();
        await this.db.query('DELETE FROM rate_limits WHERE limiter = $1', [limiter]);
      },
    };
  }

  private add(count: Count, hits: number, now: number): void {
    if (count.pending === 0) count.pendingSince = now;
    count.pending += hits;
    if (this.timer === undefined && !this.closed) {
      // Armed only while something waits to be written: an idle process runs no timer.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, this.flushMs);
      this.timer.unref();
    }
  }

  /**
   * Writes every pending hit now (one upsert per window length, in practice one) and reads the
   * written clients' shared counts back; waits for a write already in progress first. Never
   * throws: a failure is logged (once per window length) and the hits stay pending.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.write().finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  /** Stops the timer and writes what is pending; later hits are still counted, and written by {@link flush} only. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(): Promise<void> {
    const now = this.now();
    const batches = new Map<number, { count: Count; limiter: string; key: string; hits: number }[]>();
    for (const [limiter, counts] of this.limiters) {
      for (const [key, count] of counts) {
        if (count.pending === 0) continue;
        count.inFlight = count.pending;
        count.pending = 0;
        const batch = batches.get(count.windowMs) ?? [];
        batch.push({ count, limiter, key, hits: count.inFlight });
        batches.set(count.windowMs, batch);
      }
    }
    for (const [windowMs, batch] of batches) {
      try {
        const rows = await this.db.query<Row>(
          `INSERT INTO rate_limits AS r (limiter, key, window_start, hits)
           SELECT u.limiter, u.key, to_timestamp(u.since / 1000.0), greatest(u.hits, 0)
           FROM jsonb_to_recordset($1::jsonb) AS u(limiter text, key text, since float8, hits int)
           ON CONFLICT (limiter, key) DO UPDATE SET
             hits = CASE WHEN r.window_start <= EXCLUDED.window_start - $2 * interval '1 millisecond'
                         THEN EXCLUDED.hits ELSE greatest(r.hits + EXCLUDED.hits, 0) END,
             window_start = CASE WHEN r.window_start <= EXCLUDED.window_start - $2 * interval '1 millisecond'
                                 THEN EXCLUDED.window_start ELSE r.window_start END
           RETURNING limiter, key, hits, (extract(epoch FROM window_start) * 1000)::float8 AS start_ms`,
          [
            JSON.stringify(batch.map((b) => ({ limiter: b.limiter, key: b.key, since: b.count.pendingSince, hits: b.hits }))),
            windowMs,
          ],
        );
        const written = new Map(batch.map((b) => [`${b.limiter}\n${b.key}`, b.count]));
        for (const row of rows) {
          const count = written.get(`${row.limiter}\n${row.key}`);
          const hits = Number(row.hits);
          const start = Number(row.start_ms);
          // A count replaced meanwhile (its window ended here) keeps its own figures.
          if (!count || this.limiters.get(row.limiter)?.get(row.key) !== count) continue;
          if (!Number.isFinite(hits) || !Number.isFinite(start)) continue;
          count.shared = hits;
          count.start = start;
        }
        for (const b of batch) b.count.inFlight = 0;
      } catch (error) {
        for (const b of batch) {
          b.count.pending += b.count.inFlight;
          b.count.inFlight = 0;
        }
        this.warn(error, now);
        if (!this.closed && this.timer === undefined) {
          this.timer = setTimeout(() => {
            this.timer = undefined;
            void this.flush();
          }, this.flushMs);
          this.timer.unref();
        }
      }
    }
    if (now - this.lastSweep >= 60_000) {
      this.lastSweep = now;
      await this.sweep(now);
    }
  }

  /** Forgets ended windows here and deletes up to {@link PRUNE_BATCH} ended rows per limiter in the table. */
  private async sweep(now: number): Promise<void> {
    for (const [limiter, counts] of this.limiters) {
      let windowMs: number | undefined;
      for (const [key, count] of counts) {
        windowMs = count.windowMs;
        if (count.start + count.windowMs <= now && count.pending === 0 && count.inFlight === 0) counts.delete(key);
      }
      if (windowMs === undefined) continue;
      try {
        await this.db.query(
          `DELETE FROM rate_limits WHERE ctid IN (
             SELECT ctid FROM rate_limits WHERE window_start <= $2::timestamptz AND limiter = $1 LIMIT ${PRUNE_BATCH})`,
          [limiter, iso(now - windowMs)],
        );
      } catch (error) {
        this.warn(error, now);
      }
    }
  }

  private warn(error: unknown, now: number): void {
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.logger?.warn(
      { err: error },
      'rate limit: the database failed; counting in this process alone until it answers',
    );
  }
}

/**
 * Forgets clients whose hits are all written, in the order their windows started, until the map
 * holds under `max` × 0.9 (a tenth of room, so a flood does not scan the map at every request).
 * Clients with hits still to write are kept: they are bounded by what arrives between two writes.
 */
function forgetWritten(counts: Map<string, Count>, max: number): void {
  const target = Math.floor(max * 0.9);
  for (const [key, count] of counts) {
    if (counts.size < target) return;
    if (count.pending === 0 && count.inFlight === 0) counts.delete(key);
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
