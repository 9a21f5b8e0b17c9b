/**
 * The glossary's concept index computed by the build (`node dist/cli/prepare-data.js`) rather
 * than at every start: {@link buildConceptIndex} normalizes every wording of every concept
 * (Turkish folding and stemming), over a second of a start's CPU, while reading it back
 * is a JSON parse. The file records what it was computed from — the glossary as loaded and the
 * server's code — and is ignored when either differs (the index is then built as before).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PREPARED_DATA_DIR, serverCodeHash } from '../prepared-data.js';
import { buildConceptIndex, restoreConceptIndex, storeConceptIndex, type ConceptIndex, type StoredConceptIndex } from './detect.js';
import type { Concept } from './types.js';

/** The build's concept index: `server/dist/prepared-data/concept-index.json`. */
export const CONCEPT_INDEX_FILE = path.join(PREPARED_DATA_DIR, 'concept-index.json');

interface StoredFile {
  /** sha256 of the glossary (as loaded) and the server's code. */
  key: string;
  index: StoredConceptIndex;
}

/** What an index of `concepts` depends on: the glossary as loaded and the code that normalizes it. */
function indexKey(concepts: readonly Concept[]): string {
  return crypto.createHash('sha256').update(JSON.stringify(concepts)).update('\0').update(serverCodeHash()).digest('hex');
}

/**
 * Builds the index of `concepts` and writes it to `file` (through a `.partial` file and a rename).
 *
 * @returns the file's size (bytes)
 * @throws the file system's error
 */
export function writeConceptIndex(concepts: readonly Concept[], file: string = CONCEPT_INDEX_FILE): number {
  const text = JSON.stringify({ key: indexKey(concepts), index: storeConceptIndex(buildConceptIndex(concepts), concepts) } satisfies StoredFile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.partial`, text);
  fs.renameSync(`${file}.partial`, file);
  return Buffer.byteLength(text);
}

/**
 * The index of `concepts`: read from `file` when it was computed from the same glossary and
 * code, otherwise built now ({@link buildConceptIndex}; the same index, slower).
 *
 * @returns the index and where it came from (`file`: read; `built`: no usable file)
 */
export function conceptIndexFor(concepts: readonly Concept[], file: string = CONCEPT_INDEX_FILE): { index: ConceptIndex; from: 'file' | 'built' } {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredFile;
    if (stored.key === indexKey(concepts)) return { index: restoreConceptIndex(stored.index, concepts), from: 'file' };
  } catch {
    // No file, or not one of ours: build it.
  }
  return { index: buildConceptIndex(concepts), from: 'built' };
}
