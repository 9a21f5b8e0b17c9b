/**
 * A Turkish question as English words, so that a source with no Turkish text (the King James
 * Bible) can be searched for a Turkish asker: ARCHITECTURE's "a source with none in that
 * language is searched in its own language". Each content word of the question becomes one
 * English word (one word for one, so the answer policy's coverage keeps its meaning), and a
 * multi-word concept of the glossary the question names ("Nuh'un gemisi", "komşunu kendin gibi
 * sev") becomes the concept's English wording, which the English search then recognises.
 *
 * Data: KeNet's links from Turkish words to English WordNet lemmas (`englishForTurkish`,
 * `server/data/lexicon/tr-related.json`), the roots table (`turkishRoots`), the shipped
 * English texts' vocabulary (`englishVocabularyFor`) and their word counts (`sourceWordCount`);
 * docs/corpus.md gives their sources and licences. Pure apart from reading those tables once.
 */
import { detectConcepts, type ConceptIndex } from '../concepts/detect.js';
import {
  asciiFoldTurkish,
  foldTurkish,
  foldTurkishAscii,
  turkishHead,
  turkishInfinitive,
  turkishSpellings,
  turkishStems,
  TURKISH_STOPWORDS,
} from '../languages/turkish.js';
import { sourceWordCount } from '../lexicon/domain.js';
import { englishForTurkish } from '../lexicon/turkish-related.js';
import { turkishRoots } from '../lexicon/turkish-roots.js';
import { englishVocabularyFor } from './semantic.js';

/**
 * How a question about a book is framed, beyond the search's own stopwords (`TURKISH_STOPWORDS`,
 * which hold "göre", "yazıyor", "deniyor", "geçiyor"), ASCII-folded: words that are content in
 * the Quran's Turkish text ("kitap", "yazılı") but, in a question about another book, name the
 * book or how it is asked. Searched in English they would bring "book", "write", "act".
 */
const FRAME_WORDS: ReadonlySet<string> = new Set(
  `yazar yazili yazilmis yazan gecer gecen anlatilir bolum bolumu bolumde bolumunde
kitap kitapta kitabi kitabin edilmeli edilmelidir edilir yapilmali olmalidir`
    .split(/\s+/)
    .filter(Boolean),
);

/** Shortest root tried: shorter ones (`k`, `ke` for `kendin`) are mostly wrong readings. */
const MIN_ROOT = 3;

/** Lemmas weighed for one Turkish word: KeNet's first few (its common senses). */
const LEMMAS_WEIGHED = 8;

/** Fewest uses in the searched text for a lemma to be preferred to those before it. */
const MIN_USES = 3;

let vocabulary: Set<string> | undefined;

/** The shipped English texts' words (read once). */
function englishVocabulary(): Set<string> {
  vocabulary ??= englishVocabularyFor().words;
  return vocabulary;
}

/** KeNet's English lemmas for a word or stem, as a noun and as a verb stem. */
function lemmasOf(form: string): string[] {
  return [...englishForTurkish(form), ...englishForTurkish(turkishInfinitive(form))];
}

/**
 * The English word that stands for one Turkish word: among the WordNet lemmas KeNet links its
 * first known form to (the word, its roots, then the stems the rules peel off), the single
 * words the shipped English texts use (among KeNet's first {@link LEMMAS_WEIGHED}), in KeNet's
 * order (common senses first), the first that the shipped text of `source` uses at least
 * {@link MIN_USES} times, else the first.
 *
 * @param word one word as typed, without what follows an apostrophe
 * @param source the source searched, whose word counts choose among the lemmas
 * @returns the English word, or undefined when none is known
 */
export function englishWordFor(word: string, source?: string): string | undefined {
  const folded = foldTurkish(word).trim();
  if (folded.length < 2) return undefined;
  const words = englishVocabulary();
  const pick = (lemmas: readonly string[]): string | undefined => {
    const usable = lemmas
      .map((l) => l.toLowerCase())
      .filter((l) => /^[a-z]+$/.test(l) && words.has(l))
      .slice(0, LEMMAS_WEIGHED);
    // KeNet's order (common senses first), skipping words the searched text hardly uses ("god",
    // not "deity", for "Tanrı" in the KJV). The commonest word instead would take "like" for "sevmek".
    return (source === undefined ? undefined : usable.find((l) => (sourceWordCount(l, source) ?? 0) >= MIN_USES)) ?? usable[0];
  };
  const forms = [folded, ...turkishRoots(folded).filter((r) => r.length >= MIN_ROOT)];
  for (const form of new Set(forms)) {
    const found = pick(lemmasOf(form));
    if (found) return found;
  }
  // Forms the roots table does not hold (`çalmayacaksın`): the rules' stems, longest first.
  const ascii = asciiFoldTurkish(folded);
  const stems = turkishStems(ascii).filter((s) => s.length >= MIN_ROOT).sort((a, b) => b.length - a.length);
  for (const stem of stems) {
    // The table is keyed in Turkish letters: the stem's possible spellings with them.
    const found = pick(turkishSpellings(stem).flatMap(lemmasOf));
    if (found) return found;
  }
  return undefined;
}

const isFrameOrStop = (word: string): boolean => {
  const ascii = foldTurkishAscii(word).trim();
  return TURKISH_STOPWORDS.has(ascii) || FRAME_WORDS.has(ascii);
};

/**
 * The English search text for a Turkish question: one English word per Turkish content word
 * ({@link englishWordFor}), and a glossary concept named in several words as the concept's
 * English wording; stopwords and the question's framing left out, a word with no English kept
 * as typed.
 *
 * @param question the question as typed (Turkish)
 * @param concepts the glossary's index, or undefined to translate word by word only
 * @param source the source searched, whose word counts choose among a word's lemmas
 * @returns the English text, or undefined when no word could be carried over into English
 */
export function englishQueryForTurkish(question: string, concepts: ConceptIndex | undefined, source: string | undefined): string | undefined {
  const text = question.normalize('NFC');
  const out: { at: number; text: string }[] = [];
  const covered: [number, number][] = [];
  let carried = false;
  /** A one-word concept's wording by the word's offset: used when the word has no English of its own ("öfke" → "anger"). */
  const single = new Map<number, string>();
  for (const mention of concepts ? detectConcepts(concepts, text, ['tr']) : []) {
    const content = mention.words.filter((w) => !isFrameOrStop(turkishHead(w)));
    // Its first English name (the glossary requires one), which the English search recognises as the concept again.
    const wording = mention.concepts[0]?.names.en?.[0];
    if (wording === undefined || content.length === 0) continue;
    // One word is translated as a word ("sabır" → "patience"); a phrase names the concept.
    if (content.length === 1) {
      for (const [i, w] of mention.words.entries()) if (w === content[0]) single.set(mention.wordStarts[i] ?? mention.start, wording);
      continue;
    }
    out.push({ at: mention.start, text: wording });
    covered.push([mention.start, mention.end]);
    carried = true;
  }
  for (const m of text.matchAll(/[\p{L}\p{M}'’]+/gu)) {
    if (covered.some(([start, end]) => m.index >= start && m.index < end)) continue;
    const head = turkishHead(m[0]);
    if (head === '' || isFrameOrStop(head)) continue;
    const english = englishWordFor(head, source) ?? single.get(m.index);
    // A word with no English stays as typed: it matches nothing there, so a passage matching
    // the other words is not taken for an answer to the whole question.
    out.push({ at: m.index, text: english ?? head });
    if (english !== undefined) carried = true;
  }
  if (!carried) return undefined;
  return out
    .sort((a, b) => a.at - b.at)
    .map((o) => o.text)
    .join(' ');
}

/** Reads the table the bridge needs beyond the expansion's (the English vocabulary), so that a first Turkish question about the KJV does not pay for it. */
export function warmUpBridge(): void {
  englishVocabulary();
}
