/**
 * The glossary's concept index computed by the build (`node dist/cli/prepare-data.js`) rather
 * than at every start: {@link buildConceptIndex} normalizes every wording of every concept
 * (Turkish folding and stemming), over a second of a start's CPU, while reading it back
 * is a JSON parse. The file records what it was computed from — the glossary as loaded and the
 * server's code — and is ignored when either differs (the index is then built as before).
 */
import path from 'node:path';
import { PREPARED_DATA_DIR, preparedKey, readPrepared, serverCodeHash, writePrepared } from '../prepared-data.js';
import { buildConceptIndex, restoreConceptIndex, storeConceptIndex, type ConceptIndex, type StoredConceptIndex } from './detect.js';
import type { Concept } from './types.js';

/** The build's concept index: `server/dist/prepared-data/concept-index.json`. */
export const CONCEPT_INDEX_FILE = path.join(PREPARED_DATA_DIR, 'concept-index.json');

/** What an index of `concepts` depends on: the glossary as loaded and the code that normalizes it. */
function indexKey(concepts: readonly Concept[]): string {
  return preparedKey(JSON.stringify(concepts), serverCodeHash());
}

/**
 * Builds the index of `concepts` and writes it to `file` (through a `.partial` file and a rename).
 *
 * @returns the file's size (bytes)
 * @throws the file system's error
 */
export function writeConceptIndex(concepts: readonly Concept[], file: string = CONCEPT_INDEX_FILE): number {
  return writePrepared(file, indexKey(concepts), storeConceptIndex(buildConceptIndex(concepts), concepts));
}

/**
 * The index of `concepts`: read from `file` when it was computed from the same glossary and
 * code, otherwise built now ({@link buildConceptIndex}; the same index, slower).
 *
 * @returns the index and where it came from (`file`: read; `built`: no usable file)
 */
export function conceptIndexFor(concepts: readonly Concept[], file: string = CONCEPT_INDEX_FILE): { index: ConceptIndex; from: 'file' | 'built' } {
  const stored = readPrepared<StoredConceptIndex>(file, indexKey(concepts));
  if (stored !== undefined) {
    try {
      return { index: restoreConceptIndex(stored, concepts), from: 'file' };
    } catch {
      // A file of the right key but not of this shape (damaged by hand): build it.
    }
  }
  return { index: buildConceptIndex(concepts), from: 'built' };
}
