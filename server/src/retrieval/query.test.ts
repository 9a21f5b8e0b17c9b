import { buildConceptIndex } from '../concepts/detect';
import type { Concept } from '../concepts/types';
import { boundedQuery, detectionLanguages, MAX_QUERY_WORDS, queryTerms } from './query';

const headCovering: Concept = {
  id: 'head-covering',
  names: { en: ['headcover'], tr: ['başörtüsü'], ar: ['خمار'], translit: ['khimar'] },
  phrasings: { en: ['cover their heads'], tr: ['başını örtmek'] },
  attestations: [{ source: 'quran', ref: '24:31', words: { en: 'headcovers', tr: 'başörtüleri', ar: 'بخمرهن' } }],
};
const peopleOfTheCave: Concept = {
  id: 'people-of-the-cave',
  names: { en: ['companions of the cave'], tr: ['Ashab-ı Kehf'], translit: ['Ashab al-Kahf'] },
  phrasings: { en: ['young men who slept in a cave'] },
  attestations: [{ source: 'quran', ref: '18:9', words: { en: 'companions of the cave', tr: 'Mağara' } }],
};
const concepts = buildConceptIndex([headCovering, peopleOfTheCave]);

describe('Turkish query terms', () => {
  it('matches a vowel-dropping stem with its Turkish letters, so ölüm never reaches olmak', () => {
    const [sabir] = queryTerms('sabır', ['tr']);
    expect(sabir?.parts).toContainEqual({ config: 'turkish', query: "'sabır' | 'sabr':*" });
    const [olum] = queryTerms('ölüm', ['tr']);
    const simple = olum?.parts.find((p) => p.config === 'simple')?.query ?? '';
    expect(simple).not.toContain("'olm'");
    expect(olum?.parts.find((p) => p.config === 'turkish')?.query).toBe("'ölüm' | 'ölm':*");
  });
});

describe('question-framing words', () => {
  it('drops the words a question is framed with, in English and Turkish', () => {
    expect(queryTerms('Does every hard time come with some relief?', ['en']).map((t) => t.word)).toEqual(['hard', 'time', 'relief']);
    expect(queryTerms('What happened to the story of Joseph?', ['en']).map((t) => t.word)).toEqual(['Joseph']);
    expect(queryTerms("Fatiha suresinde Allah'tan ne istiyoruz?", ['tr']).map((t) => t.word)).toEqual(['Fatiha', "Allah'tan", 'istiyoruz']);
    expect(queryTerms('Süleyman ve karınca hikayesi', ['tr']).map((t) => t.word)).toEqual(['Süleyman', 'karınca']);
  });

  it('drops a title beside a name the glossary knows, and keeps a title standing alone', () => {
    const index = buildConceptIndex([
      { id: 'jonah', names: { en: ['Jonah'], tr: ['Yunus'] }, attestations: [{ source: 'quran', ref: '37:139', words: { en: 'Jonah' } }] },
      { id: 'prophet', names: { en: ['prophet'], tr: ['peygamber'] }, attestations: [{ source: 'quran', ref: '33:40', words: { en: 'prophets' } }] },
    ]);
    expect(queryTerms('What was the prophet Jonah swallowed by?', ['en'], { concepts: index }).map((t) => t.word)).toEqual(['Jonah', 'swallowed']);
    expect(queryTerms('Yunus peygamberi ne yuttu?', ['tr'], { concepts: index }).map((t) => t.word)).toEqual(['Yunus', 'yuttu']);
    expect(queryTerms('Who was the first prophet?', ['en'], { concepts: index }).map((t) => t.word)).toEqual(['first', 'prophet']);
  });

  it('keeps them when asked to, for a query made only of them', () => {
    expect(queryTerms('story', ['en'])).toEqual([]);
    expect(queryTerms('story', ['en'], { keepStopwords: true }).map((t) => t.word)).toEqual(['story']);
  });
});

describe('query terms with concept expansion', () => {
  it('leaves a query without concepts as it was', () => {
    const q = 'What does the Quran say about women covering their heads?';
    expect(queryTerms(q, ['en'], { concepts: buildConceptIndex([]) })).toEqual(queryTerms(q, ['en']));
    expect(queryTerms(q, ['en']).map((t) => t.word)).toEqual(['women', 'covering', 'heads']);
  });

  it('makes one term of a mention: the query’s own words as parts, the concept’s English wordings as alternatives', () => {
    const terms = queryTerms('What does the Quran say about women covering their heads?', ['en'], { concepts });
    expect(terms.map((t) => t.word)).toEqual(['women', 'covering their heads']);
    const [, mention] = terms;
    expect(mention?.parts).toEqual([{ config: 'english', query: "('covering') & ('heads')" }]);
    // The transliteration khimar is no English alternative: the translation does not write it (attested: headcovers).
    expect(mention?.alternatives).toEqual([{ config: 'english', query: "('headcover') | ('headcovers')" }]);
    expect(terms[0]?.alternatives).toBeUndefined();
  });

  it('expands into the passage language: Turkish names and attested words for Turkish passages, with their stems', () => {
    const [, mention] = queryTerms('Kadınların başörtüsünü takması', ['tr'], { concepts });
    expect(mention?.word).toBe('başörtüsünü');
    const simple = mention?.alternatives?.find((p) => p.config === 'simple')?.query ?? '';
    expect(simple).toContain("'basortu':*");
    expect(simple).toContain("'basortuleri':*");
    expect(simple).not.toContain('headcover');
  });

  it('builds a multi-word wording as the AND of its content words', () => {
    const [mention] = queryTerms('the young men who slept in a cave', ['en'], { concepts });
    expect(mention?.alternatives?.[0]?.query).toContain("('companions') & ('cave')");
    expect(mention?.alternativeWeight).toBeUndefined();
    const [weighted] = queryTerms('the young men who slept in a cave', ['en'], { concepts, alternativeWeight: 0.5 });
    expect(weighted?.alternativeWeight).toBe(0.5);
  });

  it('searches the Arabic passages with the Arabic wordings', () => {
    const [mention] = queryTerms('خمار', ['ar'], { concepts });
    expect(mention?.parts[0]?.config).toBe('arabic');
    expect(mention?.alternatives?.[0]?.query).toContain("'بخمرهن'");
  });

  it('reads a query in the passages’ language, transliterations and Arabic', () => {
    expect(detectionLanguages(['en']).sort()).toEqual(['ar', 'en', 'translit']);
    expect(detectionLanguages(['tr']).sort()).toEqual(['ar', 'tr', 'translit']);
    expect(detectionLanguages(['ar']).sort()).toEqual(['ar', 'en', 'tr', 'translit']);
  });
});

describe('the words of a long query', () => {
  const filler = (n: number, from = 0): string => Array.from({ length: n }, (_, i) => `word${from + i}`).join(' ');

  it(`reads only the first ${MAX_QUERY_WORDS} words: a concept named after them adds no term`, () => {
    const long = `${filler(MAX_QUERY_WORDS)} headcover`;
    expect(boundedQuery(long)).toEqual({ text: filler(MAX_QUERY_WORDS), cut: true });
    expect(queryTerms(long, ['en'], { concepts }).map((t) => t.word)).not.toContain('headcover');
    // The same concept within the first words is found.
    const [mention] = queryTerms('headcover', ['en'], { concepts });
    expect(mention?.alternatives?.[0]?.query).toContain("'headcovers'");
  });

  it('does not take the last word kept from a cut query as a word being typed', () => {
    // One word repeated is one term, so the word kept last is still a term.
    const repeated = Array.from({ length: MAX_QUERY_WORDS - 1 }, () => 'word').join(' ');
    const cut = queryTerms(`${repeated} patien more words`, ['en'], { prefixLast: true });
    expect(cut.map((t) => t.word)).toEqual(['word', 'patien']);
    expect(cut.find((t) => t.word === 'patien')?.parts[0]?.query).not.toContain(':*');
    const typed = queryTerms('patien', ['en'], { prefixLast: true });
    expect(typed[0]?.parts[0]?.query).toContain("'patien':*");
  });

  it('leaves a query of at most that many words whole', () => {
    const text = `${filler(MAX_QUERY_WORDS)}?`;
    expect(boundedQuery(text)).toEqual({ text, cut: false });
  });
});
