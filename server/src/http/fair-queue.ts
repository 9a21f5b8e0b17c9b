import type { Request, RequestHandler } from 'express';
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

interface Waiting {
  start: () => void;
  cancelled: boolean;
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
 * A queue that shares `concurrency` slots among clients in turn (round robin): each client has
 * its own line, and a freed slot goes to the next client that waits, so one client's many
 * costly tasks delay another client's task by at most one of theirs per slot, not all of them.
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
   * waiting tasks and, of every other client, as many as this client will have had turns.
   */
  expectedWaitMs(client: string): number {
    const own = this.lines.get(client)?.length ?? 0;
    let ahead = 0;
    for (const [other, line] of this.lines) ahead += other === client ? line.length : Math.min(line.length, own + 1);
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
      // A weight of 0.2: the estimate follows a change of load within a few tasks.
      this.serviceMs = 0.8 * this.serviceMs + 0.2 * Math.max(0, this.now() - started);
      this.dispatch();
    };
    const entry: Waiting = { start: () => undefined, cancelled: false };
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

  /** Gives free slots to the clients in turn: the first line's first task, that line moved last. */
  private dispatch(): void {
    while (this.running < this.options.concurrency && this.lines.size > 0) {
      const [client, line] = this.lines.entries().next().value as [string, Waiting[]];
      const next = line.shift();
      this.lines.delete(client);
      if (line.length > 0) this.lines.set(client, line);
      if (!next || next.cancelled) continue;
      this.running += 1;
      next.start();
    }
  }
}

/**
 * Puts each request through `queue`, the client being `key(req)` (default: its address). The
 * request waits for its turn, runs, and frees its slot when its answer has been sent or its
 * connection closed; a client that goes away while waiting leaves the queue. A request whose
 * expected wait passes the limit goes to the error middleware as a 503 ({@link QueueFullError};
 * the API answers `{ success: false, error }`) with `Retry-After` set.
 */
export function fairQueueMiddleware(queue: FairQueue, key: (req: Request) => string = (req) => req.ip ?? 'unknown'): RequestHandler {
  return (req, res, next) => {
    let ticket: Ticket;
    try {
      ticket = queue.enter(key(req));
    } catch (error) {
      if (error instanceof QueueFullError) res.set('Retry-After', String(error.retryAfterSeconds));
      next(error);
      return;
    }
    res.once('close', ticket.cancel);
    void ticket.turn.then(() => {
      if (res.writableEnded || res.destroyed) ticket.release();
      else next();
    });
  };
}
