import { foldGeneric } from './generic.js';

/**
 * English text rules, written once for query building (`retrieval/query.ts`), concept detection
 * (`concepts/detect.ts`) and the WordNet thesaurus (`concepts/thesaurus.ts`): a query word's
 * form, the base forms each side compares, and the words that are never query terms. English
 * passages are indexed with `foldGeneric` (`generic.ts`) and PostgreSQL's `english` stemmer.
 * Pure functions, no I/O.
 */

/**
 * Words a query's terms are filtered against (lower-case). Two kinds: function words, and the
 * words of how a question is framed ("what does the Quran say about", "what happened to", "the
 * story of", "every") that carry no content. Query side only: a query made only of such words
 * keeps them (`queryTerms`' `keepStopwords` fallback).
 */
export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren as at be because been before
being below between both but by can cannot could couldn did didn do does doesn doing don down during
each few for from further had hadn has hasn have haven having he her here hers herself him himself his
how i if in into is isn it its itself just let ll me more most mustn my myself no nor not now of off
on once only or other ought our ours ourselves out over own same shan she should shouldn so some such
than that the their theirs them themselves then there these they this those through to too under until
up upon very was wasn we were weren what whatever when where whether which while who whoever whom
whose why will with won would wouldn you your yours yourself yourselves ve re s t d m
also any anything something someone thing things much many others
say says said saying tell tells told teach teaches taught mention mentions mentioned describe describes
explain explains know knows meaning please according regarding concerning quran koran qur an holy
scripture scriptures verse verses ayah ayat ayahs surah islam islamic view views opinion
every come comes came happen happens happened story stories`
    .split(/\s+/)
    .filter(Boolean),
);

/** English function words concept detection skips inside a phrase ("cover their heads" ~ "covering her head"). */
export const ENGLISH_PHRASE_FUNCTION_WORDS: readonly string[] =
  `a an the of to in on at for with by from and or as into about his her hers their theirs its my your our him them he she they it is are was were be been this that these those who whom which`.split(
    ' ',
  );

/** A typed English word as a query term: folded, a possessive `'s` and other apostrophes dropped (`Noah's` → `noah`). */
export function englishQueryWord(raw: string): string {
  return foldGeneric(raw).replace(/'s$/, '').replace(/'/g, '');
}

/**
 * Noun/adjective pairs the English stemmer keeps apart although they name one topic:
 * patience/patient, obedience/obedient, arrogance/arrogant.
 */
export function englishSiblings(word: string): string[] {
  const m = /^(.{3,})(ence|ent|ance|ant)$/.exec(word);
  if (!m) return [];
  const [, stem, suffix] = m;
  const other: Record<string, string> = { ence: 'ent', ent: 'ence', ance: 'ant', ant: 'ance' };
  return [`${stem}${other[suffix ?? ''] ?? ''}`];
}

/** English irregular verb forms and plurals a visitor may use for a glossary word's base form. */
const ENGLISH_IRREGULAR: Readonly<Record<string, string>> = Object.fromEntries(
  `slept:sleep threw:throw thrown:throw ate:eat eaten:eat gave:give given:give took:take taken:take went:go gone:go
   came:come fell:fall fallen:fall built:build brought:bring spoke:speak spoken:speak wrote:write written:write
   told:tell said:say saw:see seen:see flew:fly drank:drink drunk:drink fled:flee fought:fight hid:hide hidden:hide
   knew:know known:know led:lead left:leave lost:lose made:make met:meet paid:pay ran:run rose:rise risen:rise
   sold:sell sent:send stood:stand struck:strike swore:swear sworn:swear taught:teach thought:think woke:wake
   wore:wear won:win born:bear bore:bear swallowed:swallow split:split sank:sink sunk:sink drew:draw drawn:draw
   forgave:forgive forgiven:forgive forbade:forbid forbidden:forbid men:man women:woman children:child
   wives:wife lives:life feet:foot teeth:tooth mice:mouse people:person brethren:brother`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split(':') as [string, string]),
);

/**
 * One base form both sides of concept detection share (lower-case ASCII in, out): irregular
 * forms looked up, then a plural `-s`/`-ies`/`-sses`, `-ing` and `-ed` (a doubled consonant
 * undone) and a final `-e` dropped: heads → head, covering/covered/covers → cover, stories →
 * story, splitting → split, lying → lie. A single key, unlike {@link englishBaseForms}.
 */
export function englishStem(w: string): string {
  const irregular = ENGLISH_IRREGULAR[w];
  if (irregular !== undefined && irregular !== w) return englishStem(irregular);
  let s = w;
  if (s.length > 4 && s.endsWith('ies')) s = `${s.slice(0, -3)}y`;
  else if (s.length > 4 && s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us') && !s.endsWith('is')) s = s.slice(0, -1);
  // lying, dying, died, tied → lie, die, tie (the -ie verbs).
  if (/^[a-z]{1,2}(?:ying|ied)$/.test(s)) return `${s.replace(/(?:ying|ied)$/, '')}ie`;
  const before = s;
  if (s.length >= 6 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length >= 5 && s.endsWith('ed')) s = s.slice(0, -2);
  // A consonant doubled before -ing/-ed is single in the base word (splitting → split), except l, s, z.
  if (s !== before && s.length >= 4 && /([b-df-hj-km-np-rtv-y])\1$/.test(s)) s = s.slice(0, -1);
  if (s.length >= 5 && s.endsWith('e')) s = s.slice(0, -1);
  return s;
}

/**
 * WordNet's detachment rules (`morphy`, without its exception lists): the base forms a word may
 * have, the word itself first — "loaves" → "loaf", "prayed" → "pray", "covering" → "cover".
 * Several candidates, each looked up in WordNet's index, unlike the one shared key of
 * {@link englishStem}.
 */
export function englishBaseForms(word: string): string[] {
  const rules: [string, string][] = [
    ['ves', 'f'],
    ['ies', 'y'],
    ['ses', 's'],
    ['xes', 'x'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['s', ''],
    ['ing', ''],
    ['ing', 'e'],
    ['ed', ''],
    ['ed', 'e'],
    ['er', ''],
    ['est', ''],
  ];
  const forms = [word];
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) forms.push(word.slice(0, -suffix.length) + replacement);
  }
  return [...new Set(forms)];
}

/**
 * What an English question asks for when it asks for one detail: a count or amount, an age,
 * a size or a year (`number`), or a name or a place (`name`). "How many wives…", "What was the
 * name of…", "How old was…", "In what year…", "Which city…". Undefined for any other question.
 */
export function englishDetailAsked(question: string): 'number' | 'name' | undefined {
  const q = question.toLowerCase();
  if (/\bhow (many|much|old|tall|long|far|big|heavy)\b|\b(what|which) (year|date|age)\b/.test(q)) return 'number';
  if (/\b(the |his |her |their )?names? (of|was|were|is)\b|\bwhat (was|were|is|are) (he|she|it|they) called\b|\bwho (wrote|was the author)\b|\b(which|what) (city|country|town|place|mountain|river|land)\b/.test(q)) {
    return 'name';
  }
  return undefined;
}

/** Words that state a number in English scripture (the KJV's and Saheeh International's), beside digits. */
export const ENGLISH_NUMBER_WORDS: ReadonlySet<string> = new Set(
  `two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands
score half third fourth fifth sixth seventh eighth tenth twice once double threefold fourfold sevenfold
cubit cubits years months days shekels talents`
    .split(/\s+/)
    .filter(Boolean),
);
