import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { isStorableText } from '../http/guards.js';

/**
 * Reading the files an operator imports (`npm run corpus -- import <path> --source <id>
 * --lang <code>`): JSON Lines (`.jsonl`/`.ndjson`, one `{ ref, text, title?, url? }` per
 * line), CSV (`.csv`, a header row with the same columns) or a folder of Markdown files (one
 * passage per heading section: `ref` = `<file>#<heading-slug>`, `title` = the heading).
 */

/** One passage to import. */
export interface ImportRecord {
  ref: string;
  text: string;
  title?: string;
  url?: string;
}

/** A bad record or file; the message names the file and line (`data.jsonl:12: text is missing`). */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** Longest `ref` (characters). */
export const MAX_REF_CHARS = 200;
/** Longest passage text (characters). */
export const MAX_TEXT_CHARS = 100_000;

function checkRecord(raw: unknown, where: string): ImportRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ImportFileError(`${where}: a record must be an object { ref, text, title?, url? }`);
  const r = raw as Record<string, unknown>;
  const text = (name: string, value: unknown, max: number, required: boolean): string | undefined => {
    if (value === undefined || value === null || value === '') {
      if (required) throw new ImportFileError(`${where}: ${name} is missing`);
      return undefined;
    }
    if (typeof value !== 'string') throw new ImportFileError(`${where}: ${name} must be text`);
    if (value.trim().length === 0 && required) throw new ImportFileError(`${where}: ${name} is empty`);
    if (value.length > max) throw new ImportFileError(`${where}: ${name} is longer than ${max} characters`);
    if (!isStorableText(value)) throw new ImportFileError(`${where}: ${name} contains a NUL or a lone surrogate`);
    return value;
  };
  const ref = text('ref', r.ref, MAX_REF_CHARS, true) ?? '';
  if (ref !== ref.trim() || /[\n\r]/.test(ref)) throw new ImportFileError(`${where}: ref must be one line without surrounding spaces`);
  const record: ImportRecord = { ref, text: text('text', r.text, MAX_TEXT_CHARS, true) ?? '' };
  const title = text('title', r.title, 500, false);
  if (title !== undefined) record.title = title;
  const url = text('url', r.url, 2000, false);
  if (url !== undefined) {
    if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new ImportFileError(`${where}: url must be an http(s) URL`);
    record.url = url;
  }
  return record;
}

function readJsonLines(file: string, name: string): ImportRecord[] {
  const records: ImportRecord[] = [];
  fs.readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new ImportFileError(`${name}:${i + 1}: not valid JSON`);
      }
      records.push(checkRecord(value, `${name}:${i + 1}`));
    });
  return records;
}

function readCsv(file: string, name: string): ImportRecord[] {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(fs.readFileSync(file, 'utf8'), { columns: true, info: true, skip_empty_lines: true, bom: true }) as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportFileError(`${name}:${line ?? 1}: ${(error as Error).message}`);
  }
  return rows.map((row) => checkRecord(row.record, `${name}:${row.info.lines}`));
}

function slug(heading: string): string {
  return (
    heading
      .toLocaleLowerCase('tr')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/ı/g, 'i')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

function readMarkdownFolder(dir: string): ImportRecord[] {
  const files: string[] = [];
  const walk = (at: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(md|markdown)$/i.test(entry.name)) files.push(full);
    }
  };
  walk(dir);
  if (files.length === 0) throw new ImportFileError(`${dir}: no Markdown files (.md) in this folder`);
  const records: ImportRecord[] = [];
  for (const file of files) {
    const stem = path.relative(dir, file).replace(/\\/g, '/').replace(/\.(md|markdown)$/i, '');
    const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
    let current: { title: string; line: number; body: string[] } | undefined;
    const used = new Set<string>();
    const flush = (): void => {
      if (!current) return;
      const text = current.body.join('\n').trim();
      if (text.length === 0) return;
      let ref = `${stem}#${slug(current.title)}`;
      for (let n = 2; used.has(ref); n++) ref = `${stem}#${slug(current.title)}-${n}`;
      used.add(ref);
      records.push(checkRecord({ ref, text, title: current.title || undefined }, `${path.relative(dir, file)}:${current.line}`));
    };
    lines.forEach((line, i) => {
      const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
      if (heading) {
        flush();
        current = { title: heading[1] ?? '', line: i + 1, body: [] };
      } else {
        current ??= { title: '', line: i + 1, body: [] };
        current.body.push(line);
      }
    });
    flush();
  }
  return records;
}

/**
 * Reads and checks every record of an import source before anything is written.
 *
 * @param target a `.jsonl`/`.ndjson` or `.csv` file, or a folder of Markdown files
 * @returns the records in file order
 * @throws ImportFileError naming the file and line of the first bad record (missing or
 *   non-text `ref`/`text`, invalid JSON, a bad URL, a ref used twice), or an unknown format
 */
export function readImportRecords(target: string): ImportRecord[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    throw new ImportFileError(`${target}: no such file or folder`);
  }
  const name = path.basename(target);
  const records = stat.isDirectory()
    ? readMarkdownFolder(target)
    : /\.(jsonl|ndjson)$/i.test(target)
      ? readJsonLines(target, name)
      : /\.csv$/i.test(target)
        ? readCsv(target, name)
        : (() => {
            throw new ImportFileError(`${target}: unknown format; use .jsonl, .csv or a folder of .md files`);
          })();
  const seen = new Map<string, number>();
  records.forEach((r, i) => {
    const first = seen.get(r.ref);
    if (first !== undefined) throw new ImportFileError(`${name}: ref "${r.ref}" appears twice (records ${first + 1} and ${i + 1})`);
    seen.set(r.ref, i);
  });
  if (records.length === 0) throw new ImportFileError(`${target}: no records`);
  return records;
}
