import express from 'express';
import request from 'supertest';
import type { ApiError } from '@kb/contracts';
import { createLogger } from '../logger';
import { apiErrorHandler } from './errors';
import { FairQueue, PASS_BUDGET_MS, QueueFullError, whenTurn, type Ticket } from './fair-queue';

/** Lets pending promise callbacks run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A queue of one slot on a clock the test moves: `enter` queues a named task of a client,
 * `finish` moves the clock by the task's duration and ends it; `started` lists the tasks in
 * the order their turn came.
 */
function oneSlotQueue(options: { now?: () => number } = {}) {
  let now = 0;
  const queue = new FairQueue({ concurrency: 1, maxWaitMs: 600_000, now: options.now ?? (() => now) });
  const started: string[] = [];
  const tickets = new Map<string, Ticket>();
  const enter = (client: string, name: string): void => {
    const ticket = queue.enter(client);
    tickets.set(name, ticket);
    void ticket.turn.then(() => started.push(name));
  };
  const finish = async (name: string, ms: number): Promise<void> => {
    now += ms;
    tickets.get(name)?.release();
    await settle();
  };
  return { queue, started, enter, finish };
}

describe('the fair queue', () => {
  it('serves clients in turn: a second client waits for one task of the first, not all of them', async () => {
    // A stopped clock: every task takes no time, so no client used the database more than another.
    const { started, enter, finish } = oneSlotQueue({ now: () => 0 });
    enter('a', 'a1');
    enter('a', 'a2');
    enter('a', 'a3');
    enter('a', 'a4');
    enter('b', 'b1');
    enter('c', 'c1');
    await settle();
    expect(started).toEqual(['a1']);
    // Each finished task frees the one slot for the next client in turn.
    for (const name of ['a1', 'a2', 'b1', 'c1', 'a3']) await finish(name, 0);
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4']);
  });

  it('serves first the client whose tasks were cheapest lately, then the others in turn', async () => {
    const { queue, started, enter, finish } = oneSlotQueue();
    // Two clients loop over costly tasks (1 s each) ...
    enter('a', 'a1');
    enter('b', 'b1');
    await settle();
    enter('a', 'a2');
    await finish('a1', 1_000);
    enter('b', 'b2');
    await finish('b1', 1_000);
    // ... when a third sends a cheap one (10 ms): it goes before a's and b's next tasks; as a
    // client without recent tasks, it counts as a costly one in passing b2 (once).
    enter('c', 'c1');
    await finish('a2', 1_000);
    enter('c', 'c2');
    await finish('c1', 10);
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1', 'b2']);
    // Now known to be cheap, c goes before a's next task again, and is expected to wait less.
    enter('a', 'a3');
    expect(queue.expectedWaitMs('c')).toBeLessThan(queue.expectedWaitMs('a'));
    await finish('b2', 1_000);
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1', 'b2', 'c2']);
    // Of a and b (1 s tasks alike), a goes next: b was served last.
    enter('b', 'b3');
    await finish('c2', 10);
    expect(started.at(-1)).toBe('a3');
  });

  it('lets a client with cheap tasks, even in a loop, pass a waiting costly task only up to PASS_BUDGET_MS', async () => {
    const { started, enter, finish } = oneSlotQueue();
    // c's tasks take 10 ms, a's 500 ms.
    enter('c', 'c0');
    await settle();
    await finish('c0', 10);
    enter('a', 'a0');
    await settle();
    enter('a', 'a1');
    enter('c', 'c1');
    await finish('a0', 500);
    // c loops: each of its tasks, once done, is followed by its next one.
    for (let i = 1; i <= 12 && started.at(-1) !== 'a1'; i += 1) {
      enter('c', `c${i + 1}`);
      await finish(`c${i}`, 10);
    }
    // c passed a1 by ten of its tasks (100 ms), then a1 had its turn.
    expect(started).toEqual(['c0', 'a0', ...Array.from({ length: 10 }, (_, i) => `c${i + 1}`), 'a1']);
    expect(PASS_BUDGET_MS).toBe(100);
  });

  it('lets no client whose tasks are costly pass another client’s waiting task twice, however little it used', async () => {
    const { started, enter, finish } = oneSlotQueue();
    // p used the database for 10 s; x and y loop over 1 s tasks and stay below it.
    enter('p', 'p1');
    await settle();
    enter('x', 'x1');
    enter('y', 'y1');
    enter('p', 'p2');
    await finish('p1', 10_000);
    enter('x', 'x2');
    await finish('x1', 1_000);
    enter('y', 'y2');
    await finish('y1', 1_000);
    // x and y each passed p2 once: p2 goes next, before x2 and y2 though p used far more.
    expect(started).toEqual(['p1', 'x1', 'y1', 'p2']);
  });

  it('refuses a task whose expected wait passes the limit, counting the client’s own line first', () => {
    const now = 0;
    const queue = new FairQueue({ concurrency: 1, maxWaitMs: 2_500, initialServiceMs: 1_000, now: () => now });
    queue.enter('a'); // runs
    queue.enter('a'); // waits ~1 s
    queue.enter('a'); // waits ~2 s
    expect(queue.expectedWaitMs('a')).toBe(3_000);
    let refused: unknown;
    try {
      queue.enter('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(QueueFullError);
    expect(refused).toMatchObject({ status: 503, retryAfterSeconds: 3 });
    // Another client is served after one of a's waiting tasks: expected 2 s, accepted.
    expect(queue.expectedWaitMs('b')).toBe(2_000);
    expect(() => queue.enter('b')).not.toThrow();
  });

  it('drops a task whose client left before its turn', async () => {
    const queue = new FairQueue({ concurrency: 1, maxWaitMs: 60_000 });
    const first = queue.enter('a');
    const gone = queue.enter('b');
    const next = queue.enter('c');
    let nextRan = false;
    void next.turn.then(() => (nextRan = true));
    gone.cancel();
    expect(queue.waiting).toBe(1);
    first.release();
    await settle();
    expect(nextRan).toBe(true);
  });
});

describe('the fair queue in front of a route', () => {
  /** A route whose answers wait until `open()`; clients are told apart by `X-Client`. */
  function gatedApp(maxWaitMs: number): { app: express.Express; open: () => void; served: string[]; queue: FairQueue } {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const served: string[] = [];
    const queue = new FairQueue({ concurrency: 1, maxWaitMs, initialServiceMs: 1_000 });
    const app = express();
    app.get('/api/search', async (req, res) => {
      const q = await whenTurn(
        queue,
        req,
        res,
        async () => {
          await gate;
          served.push(String(req.query.q));
          return req.query.q;
        },
        { leaveWhenGone: true, client: req.get('x-client') ?? 'unknown' },
      );
      res.json({ q });
    });
    app.use(apiErrorHandler(createLogger('silent')));
    return { app, open, served, queue };
  }

  it('answers 503 in the API error shape with Retry-After when the expected wait is too long', async () => {
    const { app, open, served, queue } = gatedApp(1_500);
    const search = (client: string, q: string): request.Test => request(app).get('/api/search').query({ q }).set('X-Client', client);
    const first = search('a', 'one').then((r) => r);
    const second = search('a', 'two').then((r) => r);
    // Once both are in, one runs and one waits (expected 1 s): a third of a's would wait 2 s.
    while (queue.waiting < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const refused = await search('a', 'three');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body as ApiError).toEqual({ success: false, error: 'The server is busy; try again in a few seconds' });
    open();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(served.sort()).toEqual(['one', 'two']);
  });
});
