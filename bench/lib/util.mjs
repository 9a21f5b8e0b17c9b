/**
 * Small helpers shared by the benchmark scripts: statistics, formatting, child processes.
 * Nothing here measures anything by itself. Scratch data, free ports and the server itself
 * come from tooling/scratch.mjs, shared with the soak and the server's scripts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The q-quantile of `values` by linear interpolation between closest ranks.
 * @param {readonly number[]} values
 * @param {number} q between 0 and 1 (0.5 = median, 0.95 = p95)
 * @returns {number | null} null for an empty list
 */
export function quantile(values, q) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

/** @param {readonly number[]} values @returns {number | null} */
export const median = (values) => quantile(values, 0.5);

/**
 * Rounds to `digits` decimals, keeping null as null.
 * @param {number | null | undefined} value
 * @param {number} [digits]
 * @returns {number | null}
 */
export function round(value, digits = 1) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * `a / b` rounded to two decimals (four below 0.1), or null when either is missing or b is 0.
 * @param {number | null | undefined} a
 * @param {number | null | undefined} b
 */
export function ratio(a, b) {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return null;
  return round(a / b, Math.abs(a / b) < 0.1 ? 4 : 2);
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes), for tables. @param {number | null | undefined} bytes */
export function kb(bytes) {
  return bytes === null || bytes === undefined ? '–' : (bytes / 1024).toFixed(1);
}

/** A value for a table cell: `–` for null/undefined. @param {unknown} v */
export function cell(v) {
  return v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? '–' : String(v);
}

/**
 * A Markdown table.
 * @param {readonly string[]} header
 * @param {readonly (readonly unknown[])[]} rows
 */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Log a progress line on stderr (the table goes to stdout). @param {string} message */
export function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/**
 * Runs a command to completion, output inherited on stderr.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<void>} rejects when the command exits with a non-zero status
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: options.env ?? process.env,
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/**
 * Resident set size of a process, current and peak, from /proc (Linux), in bytes.
 * @param {number} pid
 * @returns {{ rss: number | null, peak: number | null }}
 */
export function processMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => {
      const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
      return m ? Number(m[1]) * 1024 : null;
    };
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: null, peak: null };
  }
}

/**
 * Total size of the files under `dir`, in bytes (symbolic links not followed).
 * @param {string} dir
 */
export function folderSize(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderSize(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

/**
 * A small seeded pseudo-random generator (mulberry32): the same seed, the same sequence, so a
 * bench's generated corpus and its drawn requests repeat from run to run.
 *
 * @param {number} seed any integer
 * @returns {() => number} numbers in [0, 1)
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
