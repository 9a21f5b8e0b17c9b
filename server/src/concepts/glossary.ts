import fs from 'node:fs';
import path from 'node:path';
import { array, object, string, ValidationError } from 'yup';
import { normalizeArabic } from '../languages/arabic.js';
import { foldGeneric, stripMarks } from '../languages/generic.js';
import { foldTurkishAscii } from '../languages/turkish.js';
import { PREPARED_DATA_DIR, preparedKey, readPrepared, serverCodeHash, writePrepared } from '../prepared-data.js';
import type { Concept, ConceptLanguage } from './types.js';

/**
 * The concept glossary (issue 11): reviewed data, not code. Every `*.json` file of
 * `server/data/glossary/` holds one JSON array of {@link Concept} (one file per theme:
 * `prophets.json`, `worship.json`, …). The folder is found from this module's own location
 * (`server/src/concepts` under jest and `server/dist/concepts` after `npm run build -w server`
 * both resolve `../../data/glossary`), so the data is read from the repository at run time and
 * never copied into `dist`.
 */

/** The shipped glossary folder: `server/data/glossary`. */
export const GLOSSARY_DIR = path.resolve(__dirname, '..', '..', 'data', 'glossary');

/** A glossary file or concept that cannot be used; the message names the file and the concept id. */
export class GlossaryError extends Error {
  override name = 'GlossaryError';
}

const nameList = array().of(string().trim().min(1).required()).min(1);

const attestationSchema = object({
  source: string().oneOf(['quran', 'bible', 'quran-chapters']).required(),
  ref: string().trim().min(1).required(),
  words: object({
    en: string().min(1),
    tr: string().min(1),
    ar: string().min(1),
    translit: string().min(1),
  })
    .noUnknown()
    .test('some-words', '${path} must give the words of at least one language', (w) => Object.keys(w ?? {}).length > 0)
    .required(),
}).noUnknown();

const conceptSchema = object({
  id: string()
    .matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id must be kebab-case (lower-case letters, digits and single dashes)')
    .required(),
  names: object({
    en: nameList.required(),
    tr: nameList.required(),
    ar: nameList,
    translit: nameList,
  })
    .noUnknown()
    .required(),
  phrasings: object({ en: nameList, tr: nameList }).noUnknown().default(undefined),
  anchors: array().of(
    string()
      .matches(/^(quran \d{1,3}:\d{1,3}|bible \S.* \d+:\d+)$/, '${path} must be `quran <surah>:<ayah>` or `bible <Book> <chapter>:<verse>`')
      .required(),
  ),
  attestations: array().of(attestationSchema).min(1, 'attestations must hold at least one verse or metadata entry').required(),
  note: string().min(1),
  sharedNames: nameList,
}).noUnknown();

/**
 * The form of a name two concepts must not both claim: English and transliterations
 * lower-cased without diacritics (`Mûsâ` → `musa`), Turkish folded (`İbrâhîm` → `ibrahim`,
 * ASCII letters), Arabic normalized (no tashkeel, alef variants folded).
 */
export function nameKey(lang: ConceptLanguage, name: string): string {
  if (lang === 'ar') return normalizeArabic(name);
  const folded = lang === 'tr' ? foldTurkishAscii(name) : foldGeneric(name);
  return stripMarks(folded)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The build's record that it validated the glossary (`node dist/cli/prepare-data.js`):
 * `server/dist/prepared-data/glossary-validated.json`, keyed by the files' names and bytes and
 * the server's code (the schema is code).
 */
export const GLOSSARY_VALIDATED_FILE = path.join(PREPARED_DATA_DIR, 'glossary-validated.json');

/** One glossary file as read: its name and text. */
interface GlossaryText {
  name: string;
  text: string;
}

/** The key of a glossary's files (names and bytes, in order) with the code that validates them. */
function glossaryKey(texts: readonly GlossaryText[]): string {
  return preparedKey(serverCodeHash(), ...texts.flatMap((t) => [t.name, t.text]));
}

/** Parses one file, validating every concept's shape unless `validate` is false. */
function parseFile({ name, text }: GlossaryText, validate: boolean): Concept[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new GlossaryError(`${name}: not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(raw)) throw new GlossaryError(`${name}: the file must hold a JSON array of concepts`);
  // Strict validation returns its input unchanged, so skipping it gives the same concepts.
  if (!validate) return raw as Concept[];
  return raw.map((item: unknown, i) => {
    const id = typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string' ? (item as { id: string }).id : undefined;
    const where = `${name}: concept ${id === undefined ? `#${i + 1}` : `"${id}"`}`;
    try {
      return conceptSchema.validateSync(item, { strict: true, abortEarly: false }) as Concept;
    } catch (error) {
      if (error instanceof ValidationError) throw new GlossaryError(`${where}: ${error.errors.join('; ')}`);
      throw error;
    }
  });
}

const cache = new Map<string, readonly Concept[]>();

/**
 * Loads, validates and caches the glossary: every `*.json` file of `dir` (sorted by name),
 * each an array of {@link Concept}.
 *
 * Checks: the shape (kebab-case `id`; `names.en` and `names.tr` with at least one name each;
 * optional `names.ar`/`names.translit`, `phrasings.en`/`.tr`, `anchors` as `quran 24:31` or
 * `bible Exodus 20:3`, `note`, `sharedNames`; at least one attestation `{ source: 'quran' |
 * 'bible' | 'quran-chapters', ref, words }`; no unknown keys), ids unique across files, and no
 * name (compared by {@link nameKey}) claimed by two concepts unless one of them lists it in
 * `sharedNames`. Whether attestations really occur in the corpus is checked by
 * `glossary.test.ts`, not here (that needs the corpus packages).
 *
 * @param dir the folder to read; default {@link GLOSSARY_DIR}
 * @param validated the build's record ({@link writeGlossaryValidated}); when it holds the key of
 *   these very files, the shape is not validated again
 * @returns the concepts in file then array order (the same frozen array on every call for a folder)
 * @throws GlossaryError naming the file and concept id: a missing folder, invalid JSON, a bad
 *   shape, a duplicate id or a name claimed twice
 */
export function loadGlossary(dir: string = GLOSSARY_DIR, validated: string = GLOSSARY_VALIDATED_FILE): readonly Concept[] {
  const key = path.resolve(dir);
  const cached = cache.get(key);
  if (cached) return cached;
  const texts = readGlossaryTexts(key);
  // The shape's validation (yup, about half a second of a start) is skipped for the very files
  // the build validated; ids and names are checked either way.
  const frozen = checkGlossary(texts, readPrepared<boolean>(validated, glossaryKey(texts)) !== true);
  cache.set(key, frozen);
  return frozen;
}

/**
 * Validates the glossary of `dir` in full (as {@link loadGlossary} without a record) and writes
 * the record that lets a start skip validating these same files: the last step of the build.
 *
 * @returns the record's size (bytes)
 * @throws GlossaryError when the glossary is invalid (no record is written then, and any old
 *   one is removed), or the file system's error
 */
export function writeGlossaryValidated(dir: string = GLOSSARY_DIR, file: string = GLOSSARY_VALIDATED_FILE): number {
  fs.rmSync(file, { force: true });
  const texts = readGlossaryTexts(path.resolve(dir));
  checkGlossary(texts, true);
  return writePrepared(file, glossaryKey(texts), true);
}

/**
 * The key the build's record holds for the glossary of `dir`: sha256 of its `*.json` files'
 * names and bytes and of the server's code.
 *
 * @throws GlossaryError when the folder or a file cannot be read
 */
export function glossaryFilesKey(dir: string = GLOSSARY_DIR): string {
  return glossaryKey(readGlossaryTexts(path.resolve(dir)));
}

/** Every `*.json` file of `dir`, sorted by name. */
function readGlossaryTexts(dir: string): GlossaryText[] {
  let files: string[];
  try {
    files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    throw new GlossaryError(`${dir}: the glossary folder cannot be read`);
  }
  return files.map((name) => {
    try {
      return { name, text: fs.readFileSync(path.join(dir, name), 'utf8') };
    } catch (error) {
      throw new GlossaryError(`${name}: cannot be read (${(error as Error).message})`);
    }
  });
}

/** The concepts of `texts`, checked as {@link loadGlossary} describes (the shape only when `validate`). */
function checkGlossary(texts: readonly GlossaryText[], validate: boolean): readonly Concept[] {
  const concepts: Concept[] = [];
  const ids = new Map<string, string>();
  const names = new Map<string, { id: string; file: string; shared: boolean }>();
  for (const t of texts) {
    const file = t.name;
    for (const concept of parseFile(t, validate)) {
      const first = ids.get(concept.id);
      if (first !== undefined) throw new GlossaryError(`${file}: concept "${concept.id}": the id is already used in ${first}`);
      ids.set(concept.id, file);
      const shared = new Set((concept.sharedNames ?? []).flatMap((n) => (['en', 'tr', 'ar'] as const).map((lang) => nameKey(lang, n))));
      const seen = new Set<string>();
      for (const [lang, list] of Object.entries(concept.names) as [ConceptLanguage, string[]][]) {
        for (const n of list) {
          const k = nameKey(lang, n);
          if (k === '' || seen.has(k)) continue;
          seen.add(k);
          const isShared = shared.has(k);
          const other = names.get(k);
          if (other && !other.shared && !isShared) {
            throw new GlossaryError(
              `${file}: concept "${concept.id}": the name "${n}" is already claimed by "${other.id}" (${other.file}); list it in sharedNames of one of them if both are meant`,
            );
          }
          names.set(k, { id: concept.id, file, shared: isShared || (other?.shared ?? false) });
        }
      }
      concepts.push(concept);
    }
  }
  return Object.freeze(concepts);
}
