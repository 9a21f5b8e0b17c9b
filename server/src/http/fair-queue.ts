import type { Request, Response } from 'express';
import { HttpError } from './errors.js';

/** A request refused because its expected wait in the queue passes the limit (503 + `Retry-After`). */
export class QueueFullError extends HttpError {
  override name = 'QueueFullError';
  constructor(
    /** Seconds after which the queue should have room again (for `Retry-After`), at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super(503, 'The server is busy; try again in a few seconds');
  }
}

/** Options of {@link FairQueue}. */
export interface FairQueueOptions {
  /** Tasks running at once (the database's own parallelism: 2 for PGlite, the pool for PostgreSQL). */
  concurrency: number;
  /** Longest expected wait (ms) a new task is queued for; beyond it {@link FairQueue.enter} refuses. */
  maxWaitMs: number;
  /** Estimated duration of one task (ms) until the first ones finished (default 200). */
  initialServiceMs?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
}

/** Half-life (ms) of a client's recent tasks, by whose mean duration waiting clients are ordered. */
export const USAGE_HALF_LIFE_MS = 5_000;

/**
 * Database time (ms) another client's tasks may take ahead of a task waiting at the head of its
 * line, estimated by their mean duration: a client whose tasks are cheaper may pass it several
 * times up to this, any client once.
 */
export const PASS_BUDGET_MS = 100;

/** A client's recent tasks: their durations (ms) and count, each decayed with {@link USAGE_HALF_LIFE_MS} since `at`. */
interface Usage {
  ms: number;
  tasks: number;
  at: number;
}

interface Waiting {
  start: () => void;
  cancelled: boolean;
  /** Per client, the estimated database time (ms) of its tasks started while this one waited at the head of its line. */
  passed: Map<string, number>;
}

/** A place in the queue: `turn` resolves when the task may run; call `release` when it ended (or `cancel` before). */
export interface Ticket {
  /** Resolves when it is this task's turn. */
  turn: Promise<void>;
  /** Ends the task (after its turn came), freeing its slot for the next client. Idempotent. */
  release: () => void;
  /** Leaves the queue before the turn came (the client went away). Idempotent; after the turn, = `release`. */
  cancel: () => void;
}

/**
 * A queue that shares `concurrency` slots among clients: each client has its own line, and a
 * freed slot goes to the waiting client whose recent tasks were cheapest (their mean duration,
 * each weighing half as much every {@link USAGE_HALF_LIFE_MS}; a client without recent tasks
 * first) among those that may still pass every other line's first task: once, and again while
 * the estimated time of its tasks started ahead of that task stays within
 * {@link PASS_BUDGET_MS}. Clients alike are served in turn (round robin). So one client's many
 * costly tasks delay another client's task by at most one of theirs per slot, and a client
 * whose searches are cheap — even one sending them in a loop — goes before clients looping
 * over costly ones rather than after every one of them (shortest first, as a scheduler would),
 * while a costly task waits for at most one task or {@link PASS_BUDGET_MS} of each other client.
 *
 * The expected wait of a new task is the tasks that would run before it in that order times the
 * mean duration of recent tasks (an exponentially weighted moving average), divided by the
 * slots; over `maxWaitMs` it is refused with {@link QueueFullError} rather than left waiting.
 */
export class FairQueue {
  private running = 0;
  /** Waiting tasks by client, in the order clients are served next (Map keeps insertion order). */
  private readonly lines = new Map<string, Waiting[]>();
  private serviceMs: number;
  private readonly now: () => number;
  /** Recent database time per client (entries that faded below 1 ms are dropped now and then). */
  private readonly usage = new Map<string, Usage>();
  private releases = 0;

  constructor(private readonly options: FairQueueOptions) {
    if (!(options.concurrency >= 1)) throw new Error('concurrency must be at least 1');
    this.serviceMs = options.initialServiceMs ?? 200;
    this.now = options.now ?? Date.now;
  }

  /** Tasks waiting (not running) for all clients. */
  get waiting(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.length;
    return n;
  }

  /**
   * The expected wait (ms) of a task `client` would queue now: 0 when a slot is free and nobody
   * waits, else (tasks served before it + 1) × mean task duration ÷ slots. Before it are its own
   * waiting tasks and, of every other client that used the database as little or less lately,
   * as many as this client will have had turns.
   */
  expectedWaitMs(client: string): number {
    const own = this.lines.get(client)?.length ?? 0;
    const now = this.now();
    const mine = this.meanTaskMs(client, now);
    let ahead = 0;
    for (const [other, line] of this.lines) {
      if (other === client) ahead += line.length;
      else if (this.meanTaskMs(other, now) <= mine) ahead += Math.min(line.length, own + 1);
    }
    if (ahead === 0 && this.running < this.options.concurrency) return 0;
    return Math.ceil(((ahead + 1) * this.serviceMs) / this.options.concurrency);
  }

  /**
   * Queues a task of `client` (an IP address, or any key that tells clients apart).
   *
   * @throws QueueFullError when the expected wait passes `maxWaitMs`
   */
  enter(client: string): Ticket {
    const wait = this.expectedWaitMs(client);
    if (wait > this.options.maxWaitMs) throw new QueueFullError(Math.max(1, Math.ceil(wait / 1000)));
    let started: number | undefined;
    let released = false;
    const release = (): void => {
      if (released || started === undefined) return;
      released = true;
      this.running -= 1;
      const now = this.now();
      const took = Math.max(0, now - started);
      // A weight of 0.2: the estimate follows a change of load within a few tasks.
      this.serviceMs = 0.8 * this.serviceMs + 0.2 * took;
      const used = this.decayed(client, now);
      this.usage.set(client, { ms: used.ms + took, tasks: used.tasks + 1, at: now });
      if ((this.releases += 1) % 256 === 0) this.forgetIdle(now);
      this.dispatch();
    };
    const entry: Waiting = { start: () => undefined, cancelled: false, passed: new Map() };
    const turn = new Promise<void>((resolve) => {
      entry.start = () => {
        started = this.now();
        resolve();
      };
    });
    const cancel = (): void => {
      if (started !== undefined) release();
      else if (!entry.cancelled) {
        entry.cancelled = true;
        const line = this.lines.get(client);
        const at = line?.indexOf(entry) ?? -1;
        if (line && at >= 0) line.splice(at, 1);
        if (line?.length === 0) this.lines.delete(client);
      }
    };
    const line = this.lines.get(client);
    if (line) line.push(entry);
    else this.lines.set(client, [entry]);
    this.dispatch();
    return { turn, release, cancel };
  }

  /** `client`'s recent tasks (durations in ms, count), decayed to `now`. */
  private decayed(client: string, now: number): { ms: number; tasks: number } {
    const u = this.usage.get(client);
    if (!u) return { ms: 0, tasks: 0 };
    const f = 2 ** (-(now - u.at) / USAGE_HALF_LIFE_MS);
    return { ms: u.ms * f, tasks: u.tasks * f };
  }

  /** The mean duration (ms) of `client`'s recent tasks; 0 without any. */
  private meanTaskMs(client: string, now: number): number {
    const { ms, tasks } = this.decayed(client, now);
    return tasks > 0 ? ms / tasks : 0;
  }

  /** Drops the usage of clients without waiting tasks whose tasks faded below a hundredth of one (bounds the map). */
  private forgetIdle(now: number): void {
    for (const client of this.usage.keys()) {
      if (!this.lines.has(client) && this.decayed(client, now).tasks < 0.01) this.usage.delete(client);
    }
  }

  /**
   * Gives free slots to waiting clients: the first task of the line whose client's recent tasks
   * were cheapest (the earliest such line on a tie), that line then moved last — of the clients
   * that may still pass every other line's first task (see {@link FairQueue}); when none may,
   * the first line.
   */
  private dispatch(): void {
    while (this.running < this.options.concurrency && this.lines.size > 0) {
      const now = this.now();
      // What each client's next task is expected to take: its recent mean, else the queue's.
      const cost = (c: string): number => (this.decayed(c, now).tasks > 0 ? this.meanTaskMs(c, now) : this.serviceMs);
      const mayPass = (c: string): boolean => {
        for (const [other, otherLine] of this.lines) {
          const spent = other === c ? 0 : (otherLine[0]?.passed.get(c) ?? 0);
          if (spent > 0 && spent + cost(c) > PASS_BUDGET_MS) return false;
        }
        return true;
      };
      let [client, line] = this.lines.entries().next().value as [string, Waiting[]];
      let cheapest = Infinity;
      for (const [other, otherLine] of this.lines) {
        if (!mayPass(other)) continue;
        const mean = this.meanTaskMs(other, now);
        if (mean < cheapest) [client, line, cheapest] = [other, otherLine, mean];
      }
      const next = line.shift();
      this.lines.delete(client);
      if (line.length > 0) this.lines.set(client, line);
      if (!next || next.cancelled) continue;
      // Recorded as at least a millisecond, so that "passed once" holds for tasks of no measured time.
      const estimate = Math.max(1, cost(client));
      for (const [other, otherLine] of this.lines) {
        const head = otherLine[0];
        if (other !== client && head) head.passed.set(client, (head.passed.get(client) ?? 0) + estimate);
      }
      this.running += 1;
      next.start();
    }
  }
}

/** The client left before its turn came (its request is dropped; nothing is sent). */
export class ClientGoneError extends HttpError {
  override name = 'ClientGoneError';
  constructor() {
    // 499, nginx's "client closed request": a client error, not logged as a failure.
    super(499, 'The client closed the request');
  }
}

/** The client of a request in the queue: its address. */
export const clientOf = (req: Request): string => req.ip ?? 'unknown';

/**
 * Runs `task` — the part of a request that needs the database — when its client's turn comes
 * in `queue`, and frees the slot when it settles. Routes call it only for what is not already
 * in the response cache, so a kept answer never waits behind other clients' searches.
 *
 * @param leaveWhenGone drop the task when `res` closes before its turn (ClientGoneError);
 *   false when its result may serve other requests too (the cache computes once for identical
 *   requests), which then still get it
 * @param client the client's key (default: its address)
 * @throws QueueFullError when the expected wait passes the limit (`Retry-After` is then set on
 *   `res`; the API's error middleware answers 503 `{ success: false, error }`)
 * @throws ClientGoneError as said for `leaveWhenGone`; whatever `task` throws
 */
export async function whenTurn<T>(
  queue: FairQueue,
  req: Request,
  res: Response,
  task: () => Promise<T>,
  { leaveWhenGone, client = clientOf(req) }: { leaveWhenGone: boolean; client?: string },
): Promise<T> {
  let ticket: Ticket;
  try {
    ticket = queue.enter(client);
  } catch (error) {
    if (error instanceof QueueFullError && !res.headersSent) res.set('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
  // Resolves true when the turn comes, false when the client left first (then out of the line).
  let leave: (() => void) | undefined;
  const turn = leaveWhenGone
    ? new Promise<boolean>((resolve) => {
        leave = () => {
          ticket.cancel();
          resolve(false);
        };
        void ticket.turn.then(() => {
          if (leave) res.off('close', leave);
          resolve(true);
        });
        if (res.destroyed) leave();
        else res.once('close', leave);
      })
    : ticket.turn.then(() => true);
  try {
    if (!(await turn)) throw new ClientGoneError();
    return await task();
  } finally {
    if (leave) res.off('close', leave);
    ticket.release();
  }
}
