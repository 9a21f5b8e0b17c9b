/**
 * What a built JavaScript file is made of, from its source map: the bytes of generated code
 * that come from each source module, and the npm package (name, version, folder) each
 * `node_modules` module belongs to. Used by the duplicate-dependency check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './util.mjs';

const PACKAGES_DIR = path.join(repoRoot, 'packages');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/**
 * Decodes one segment of a source map's `mappings` (Base64 VLQ).
 * @param {string} segment
 * @returns {number[]}
 */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`invalid source map character "${char}"`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Bytes of generated code attributed to each source of a source map: each mapped segment
 * counts until the next segment of its line (or the line's end). Unmapped code (webpack's
 * runtime glue) is attributed to `null`.
 *
 * @param {string} code the generated file's text
 * @param {{ sources: string[], mappings: string }} map
 * @returns {Map<number | null, number>} source index → bytes (UTF-8)
 */
export function bytesPerSource(code, map) {
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  /** @type {Map<number | null, number>} */
  const bytes = new Map();
  const add = (source, text) => bytes.set(source, (bytes.get(source) ?? 0) + Buffer.byteLength(text));
  let source = 0;
  lines.forEach((line, i) => {
    const segments = (mappingLines[i] ?? '').split(',').filter(Boolean);
    let column = 0;
    /** @type {{ column: number, source: number | null }[]} */
    const points = [];
    for (const seg of segments) {
      const v = decodeSegment(seg);
      column += v[0] ?? 0;
      if (v.length >= 4) {
        source += v[1] ?? 0;
        points.push({ column, source });
      } else {
        points.push({ column, source: null });
      }
    }
    if (points.length === 0 || (points[0]?.column ?? 0) > 0) add(null, line.slice(0, points[0]?.column ?? line.length));
    points.forEach((p, j) => add(p.source, line.slice(p.column, points[j + 1]?.column ?? line.length)));
    if (i < lines.length - 1) add(null, '\n');
  });
  return bytes;
}

/** Cache of package.json versions by folder. @type {Map<string, string | null>} */
const versions = new Map();

function versionOf(dir) {
  if (!versions.has(dir)) {
    try {
      versions.set(dir, JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version ?? null);
    } catch {
      versions.set(dir, null);
    }
  }
  return versions.get(dir) ?? null;
}

/** Cache of package.json names by folder. @type {Map<string, string | null>} */
const names = new Map();

function nameOf(dir) {
  if (!names.has(dir)) {
    try {
      names.set(dir, JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name ?? null);
    } catch {
      names.set(dir, null);
    }
  }
  return names.get(dir) ?? null;
}

/**
 * The npm package a module file belongs to: the last `node_modules/<name>` (or
 * `node_modules/@scope/name`) of its path, or a workspace package of the repository's
 * `packages/` folder (`@kb/contracts`, compiled from its sources).
 * @param {string} file absolute path
 * @param {string} [packagesDir] the repository's `packages/` folder
 * @returns {{ name: string, dir: string, version: string | null } | null} null for the build's own code
 */
export function packageOf(file, packagesDir) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 && packagesDir && file.startsWith(packagesDir + path.sep)) {
    const dir = path.join(packagesDir, file.slice(packagesDir.length + 1).split(path.sep)[0] ?? '');
    const name = nameOf(dir);
    return name ? { name, dir, version: versionOf(dir) } : null;
  }
  if (at < 0 || at + 1 >= parts.length) return null;
  const scoped = parts[at + 1]?.startsWith('@');
  const nameParts = parts.slice(at + 1, at + (scoped ? 3 : 2));
  const dir = parts.slice(0, at + 1 + nameParts.length).join(path.sep);
  return { name: nameParts.join('/'), dir, version: versionOf(dir) };
}

/**
 * @typedef {object} ModuleBytes
 * @property {string} file    absolute path of the source module
 * @property {number} bytes   bytes of generated (minified) code it accounts for in this file
 * @property {{ name: string, dir: string, version: string | null } | null} pkg
 */

/**
 * The source modules of a built JavaScript file and their bytes, from `<file>.map`.
 *
 * @param {string} jsFile absolute path of the built file
 * @param {string} context folder the build's sources are relative to (the workspace folder)
 * @returns {ModuleBytes[]} empty when the file has no source map
 */
export function modulesOf(jsFile, context) {
  const mapFile = `${jsFile}.map`;
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const bytes = bytesPerSource(fs.readFileSync(jsFile, 'utf8'), map);
  /** @type {ModuleBytes[]} */
  const out = [];
  for (const [index, n] of bytes) {
    if (index === null) continue;
    const source = String(map.sources[index] ?? '');
    // webpack://<uniqueName>/<path relative to the build's context>
    const relative = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/\?.*$/, '');
    const file = path.resolve(context, relative);
    out.push({ file, bytes: n, pkg: packageOf(file, PACKAGES_DIR) });
  }
  return out;
}
