/**
 * `node bench/start.mjs [--runs 3] [--port P] [--keep]` (`--help`: usage)
 *
 * Issue 20's start-up figures on the embedded default: a first start from an empty `DATA_DIR`
 * (migrations, the shipped corpus, the frequent-term table, warm-up) to `/readyz` 200, then a
 * restart on the same folder, `--runs` times each with a new folder; wall time from spawning
 * `server/dist/main.js` (run `npm run build -w server` first). Prints JSON: each run's times,
 * the CPU seconds the server had used when ready (Linux) and load average, and the medians. A benchmark: nothing here asserts a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { createScratch, startServer } from '../tooling/scratch.mjs';
import { quantile, round } from './lib/util.mjs';

const USAGE = `Usage: node bench/start.mjs [--runs N] [--port P] [--keep]

  --runs N   first starts (each on a new, empty DATA_DIR) and restarts to time (default 3)
  --port P   the port the server listens on (default: a free one the system picks)
  --keep     keep the scratch folders (their paths are printed)`;

const { values } = readCommandLine({ tool: 'start', usage: USAGE, options: { runs: { type: 'string' }, port: { type: 'string' }, keep: { type: 'boolean' } } });
const runs = values.runs === undefined ? 3 : Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) usageError('start', USAGE, '--runs must be a whole number from 1 to 20');
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) usageError('start', USAGE, '--port must be a port number');

/**
 * CPU seconds (user + system, every thread) process `pid` has used, from `/proc/PID/stat` (Linux;
 * undefined elsewhere): less bent by other jobs on a shared machine than the wall time.
 * @param {number} pid
 */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return round((Number(fields[11]) + Number(fields[12])) / 100, 2); // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return undefined;
  }
}

const results = [];
for (let i = 0; i < runs; i++) {
  const scratch = await createScratch({ prefix: 'kb-start-', keep: values.keep === true });
  try {
    const first = await startServer(scratch, { name: `first-${i}`, port });
    const firstCpuS = cpuSeconds(first.pid);
    await first.stop();
    const again = await startServer(scratch, { name: `restart-${i}`, port });
    const restartCpuS = cpuSeconds(again.pid);
    await again.stop();
    results.push({ firstStartMs: first.readyMs, restartMs: again.readyMs, firstCpuS, restartCpuS, load: round(os.loadavg()[0], 1) });
    process.stderr.write(`run ${i + 1}: first start ${first.readyMs} ms, restart ${again.readyMs} ms\n`);
  } finally {
    if (values.keep) process.stderr.write(`kept ${scratch.dir}\n`);
    await scratch.dispose();
  }
}
const median = (key) => Math.round(quantile(results.map((r) => r[key]).sort((a, b) => a - b), 0.5));
process.stdout.write(`${JSON.stringify({ runs: results, median: { firstStartMs: median('firstStartMs'), restartMs: median('restartMs') } })}\n`);
