import { bibleSection, parseBibleReference } from './bible.js';
import { parseQuranReference } from './quran.js';

/**
 * A range of verses a query named, in the terms of the passages table: the sources holding
 * it, and its first and last verse as `section` + `ref` (a missing `ref` = the whole section).
 */
export interface PassageRange {
  /** `quran` (with `quran-arabic`) or `bible`. */
  family: 'quran' | 'bible';
  sources: string[];
  from: { section: string; ref?: string };
  to: { section: string; ref?: string };
  /** The reference as the site writes it: `2:255`, `2:255-257`, `John 3:16`, `Psalms 23`. */
  label: string;
}

/**
 * Resolves a query that is a verse reference — Quran (`2:255`, `Bakara 255`, `Al-Baqarah 255`,
 * `Ayetel Kürsi`, `البقرة 255`) or Bible (`John 3:16`, `Yuhanna 3:16`, `Ps 23`) — to the
 * range of passages it names. Pure; data from `quran-meta`, `quran-json` and
 * `bible-passage-reference-parser`.
 *
 * @returns the range, or undefined when the query is not a reference (then it is searched as words)
 */
export function resolveReference(query: string): PassageRange | undefined {
  const quran = parseQuranReference(query);
  if (quran) {
    const section = String(quran.surah);
    const first = `${section}:${quran.from}`;
    const last = `${section}:${quran.to}`;
    return {
      family: 'quran',
      sources: ['quran-arabic', 'quran'],
      from: { section, ref: first },
      to: { section, ref: last },
      label: quran.from === quran.to ? first : `${first}-${quran.to}`,
    };
  }
  const bible = parseBibleReference(query);
  if (bible) {
    const from = { section: bibleSection(bible.from), ref: bible.from.verse ? `${bibleSection(bible.from)}:${bible.from.verse}` : undefined };
    const to = { section: bibleSection(bible.to), ref: bible.to.verse ? `${bibleSection(bible.to)}:${bible.to.verse}` : undefined };
    let label = from.ref ?? from.section;
    const end = to.ref ?? to.section;
    if (end !== label) label += `-${to.section === from.section && to.ref ? to.ref.slice(to.section.length + 1) : end}`;
    return { family: 'bible', sources: ['bible'], from, to, label };
  }
  return undefined;
}
