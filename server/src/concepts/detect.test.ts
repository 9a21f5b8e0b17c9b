import { buildConceptIndex, detectConcepts, detectNearConcepts } from './detect';
import type { Concept } from './types';

const concept = (id: string, names: Concept['names'], phrasings?: Concept['phrasings']): Concept => ({
  id,
  names,
  phrasings,
  attestations: [{ source: 'quran', ref: '1:1', words: { en: 'x' } }],
});

const glossary: Concept[] = [
  concept(
    'head-covering',
    { en: ['headcover', 'head covering'], tr: ['başörtüsü', 'baş örtüsü'], ar: ['خمار'], translit: ['khimar', 'hijab'] },
    { en: ['cover their heads', 'headscarf'], tr: ['başını örtmek'] },
  ),
  concept('cave', { en: ['cave'], tr: ['mağara'], ar: ['الكهف'] }),
  concept('people-of-the-cave', { en: ['people of the cave', 'companions of the cave'], tr: ['Ashab-ı Kehf', 'mağara arkadaşları'], translit: ['Ashab al-Kahf'] }, { en: ['young men who slept in a cave'] }),
  concept('abraham', { en: ['Abraham'], tr: ['İbrahim'], ar: ['إبراهيم'], translit: ['Ibrahim'] }),
  concept('moses', { en: ['Moses'], tr: ['Musa'], ar: ['موسى'] }),
  concept('prophet', { en: ['prophet', 'messenger'], tr: ['peygamber', 'resul'], ar: ['نبي'] }),
  concept('patience', { en: ['patience'], tr: ['sabır'], ar: ['الصبر'] }),
  concept('son', { en: ['son'], tr: ['oğul'] }),
  concept('book', { en: ['book'], tr: ['kitap'] }),
  concept('sacrifice', { en: ['sacrifice'], tr: ['kurban'] }, { tr: ['oğlunu kurban etmek'] }),
  concept('muhammad', { en: ['Muhammad', 'the Prophet'], tr: ['Muhammed'] }),
  concept('zakat', { en: ['zakah', 'alms'], tr: ['zekat'] }),
  concept('charity', { en: ['charity', 'alms'], tr: ['sadaka'] }),
  concept('korah', { en: ['Korah'], tr: ['Karun'] }),
  concept('night', { en: ['night'], tr: ['gece'] }),
  concept('moon', { en: ['moon'], tr: ['ay'] }),
  concept('splitting-of-the-moon', { en: ['moon split'] }),
  concept('death', { en: ['die'] }),
  concept('trust', { en: ['trust'], tr: ['güvenmek'] }),
  concept('divorce', { en: ['divorce'], tr: ['boşanma'] }),
  concept('reminding-of-charity', { en: ['reproach after charity'] }, { tr: ['başa kakma'] }),
];

const index = buildConceptIndex(glossary);
const ids = (query: string, langs?: Parameters<typeof detectConcepts>[2]): string[][] =>
  detectConcepts(index, query, langs).map((m) => m.concepts.map((c) => c.id));

describe('concept detection', () => {
  it('finds a multi-word phrasing inside a question, with the words the visitor typed', () => {
    const [match, ...rest] = detectConcepts(index, 'What does the Quran say about women covering their heads?');
    expect(rest).toEqual([]);
    expect(match?.concepts.map((c) => c.id)).toEqual(['head-covering']);
    expect(match?.words).toEqual(['covering', 'their', 'heads']);
    expect(match?.matched).toBe('cover their heads');
    expect('What does the Quran say about women covering their heads?'.slice(match?.start, match?.end)).toBe('covering their heads');
  });

  it('skips function words inside a phrase on both sides', () => {
    expect(ids('should a woman cover her head')).toEqual([['head-covering']]);
    expect(ids('the young men who slept in the cave for centuries')).toEqual([['people-of-the-cave']]);
  });

  it('matches a multi-word wording in any order, with other words between', () => {
    const [match] = detectConcepts(index, 'which cave did the young men who slept there hide in');
    expect(match?.concepts.map((c) => c.id)).toEqual(['people-of-the-cave']);
    expect(match?.words).toEqual(['cave', 'young', 'men', 'slept']);
    expect(ids('oğlunu kurban etmek isteyen baba', ['tr'])).toEqual([['sacrifice']]);
    expect(ids('babası kurban etmek istedi oğlunu', ['tr'])).toEqual([['sacrifice']]);
    // Every content word must be there: "men" and "cave" alone are not the sleepers.
    expect(ids('the men of the cave')).toEqual([['cave']]);
  });

  it('prefers the longest phrase and never overlaps matches', () => {
    expect(ids('the story of the people of the cave')).toEqual([['people-of-the-cave']]);
    expect(ids('a cave')).toEqual([['cave']]);
    expect(ids('Moses and Abraham, the prophets')).toEqual([['moses'], ['abraham'], ['prophet']]);
  });

  it('reads a wording several concepts use as the concept whose first name it is, else as all of them', () => {
    expect(ids('What was the prophet Jonah swallowed by?')).toEqual([['prophet']]);
    expect(ids('Muhammad')).toEqual([['muhammad']]);
    expect(ids('giving alms')).toEqual([['zakat', 'charity']]);
  });

  it('ignores case and diacritics, with Turkish casing (İ, I, ı)', () => {
    for (const q of ['İBRAHİM', 'ibrahim', 'IBRAHIM', 'Ibrahim', 'İbrâhîm']) expect(ids(q)).toEqual([['abraham']]);
    expect(ids('ASHAB-I KEHF')).toEqual([['people-of-the-cave']]);
    expect(ids('HIJAB')).toEqual([['head-covering']]);
  });

  it('reads Turkish words through their suffixes, apostrophes and softened consonants', () => {
    expect(ids('Kadınların başörtüsünü takması farz mı?', ['tr'])).toEqual([['head-covering']]);
    expect(ids("Musa'nın asası", ['tr'])).toEqual([['moses']]);
    expect(ids('peygamberlerin hikayeleri', ['tr'])).toEqual([['prophet']]);
    expect(ids('sabrın karşılığı', ['tr'])).toEqual([['patience']]);
    expect(ids('kitabı okumak', ['tr'])).toEqual([['book']]);
    expect(ids('mağara arkadaşlarının uykusu', ['tr'])).toEqual([['people-of-the-cave']]);
    expect(ids('başını örtmek', ['tr'])).toEqual([['head-covering']]);
  });

  it('reads Turkish verbs through tense and participle suffixes, and English irregular forms', () => {
    expect(ids('oğlunu kurban eden baba', ['tr'])).toEqual([['sacrifice']]);
    expect(ids('başını örten kadınlar', ['tr'])).toEqual([['head-covering']]);
    expect(ids('the young man who slept in a cave')).toEqual([['people-of-the-cave']]);
    expect(ids('young men who sleep in a cave')).toEqual([['people-of-the-cave']]);
  });

  it('keeps Turkish suffix peeling from colliding with other words', () => {
    // A proper name keeps its vowels: karnında (in its belly) is not Karun.
    expect(ids('balığın karnında', ['tr'])).toEqual([]);
    expect(ids("Karun'un hazineleri", ['tr'])).toEqual([['korah']]);
    // No possessive stands before a plural: geçenler is geçen-ler, not gece-n-ler.
    expect(ids('denizi geçenler', ['tr'])).toEqual([]);
    expect(ids('gecenin karanlığı', ['tr'])).toEqual([['night']]);
    // A case ending may leave a two-letter noun; -meli/-malı is peeled.
    expect(ids('aya bakmak', ['tr'])).toEqual([['moon']]);
    expect(ids('Allah’a güvenmeli', ['tr'])).toEqual([['trust']]);
    // A verb stem (boşa-, of boşanma) is reached only through a suffix: the noun boşa (in vain) is not divorce.
    expect(ids('iyilik boşa gider mi', ['tr'])).toEqual([]);
    expect(ids('boşanan kadın', ['tr'])).toEqual([['divorce']]);
    expect(ids('karısını boşadı', ['tr'])).toEqual([['divorce']]);
    // A verbal noun's short verb stem (kakma → kak-) meets the verb's other forms.
    expect(ids('Yardımı başa kakmak sevabı yok eder mi?', ['tr'])).toEqual([['reminding-of-charity']]);
    expect(ids('yaptığı iyiliği başa kakan kişi', ['tr'])).toEqual([['reminding-of-charity']]);
  });

  it('holds a question typed with Turkish letters to them, and one typed without to nothing', () => {
    // ordu- (army) and ört- (to cover) fold alike in ASCII once the d is read as a softened t.
    expect(ids('Düşman ordusunun başına ne geldi?', ['tr'])).toEqual([]);
    expect(ids('ordunun basini ortmek', ['tr'])).toEqual([['head-covering']]);
    // Typed with Turkish letters, a word spelled as the wording's still matches.
    expect(ids('Başını örten kadınlar', ['tr'])).toEqual([['head-covering']]);
    expect(ids('Kitabı kim yazdı, Musa mı?', ['tr'])).toEqual([['book'], ['moses']]);
  });

  it('meets English -ing/-ed forms with a doubled consonant or an -ie verb', () => {
    expect(ids('the moon splitting', ['en'])).toEqual([['splitting-of-the-moon']]);
    expect(ids('who died', ['en'])).toEqual([['death']]);
    expect(ids('lying and dying', ['en'])).toEqual([['death']]);
  });

  it('finds Arabic names with and without tashkeel, article and proclitics', () => {
    for (const q of ['الصبر', 'ٱلصَّبۡرِ', 'صبر', 'والصبر', 'بالصبر']) expect(ids(q)).toEqual([['patience']]);
    expect(ids('إِبۡرَٰهِيمَ')).toEqual([['abraham']]);
    expect(ids('ابراهيم')).toEqual([['abraham']]);
    expect(ids('مُوسَىٰ')).toEqual([['moses']]);
    expect(ids('الخمار')).toEqual([['head-covering']]);
  });

  it('counts only the languages asked for', () => {
    expect(ids('son nefesinde', ['tr', 'translit', 'ar'])).toEqual([]);
    expect(ids('the son of Mary', ['en', 'translit', 'ar'])).toEqual([['son']]);
    expect(ids('Musa', ['en'])).toEqual([]);
    expect(ids('khimar', ['en', 'translit', 'ar'])).toEqual([['head-covering']]);
  });

  it('finds nothing in a query that names no concept', () => {
    expect(detectConcepts(index, 'What is the capital of Australia?')).toEqual([]);
    expect(detectConcepts(buildConceptIndex([]), 'patience')).toEqual([]);
  });

  describe('near mentions (every content word but one of a wording of three or more)', () => {
    const near = buildConceptIndex([
      concept('walls-of-jericho', { en: ['the wall fell down flat'], tr: ['Eriha surları'] }, { en: ['walls of Jericho fell'] }),
      concept('splitting-of-the-moon', { en: ['moon split'] }, { tr: ['ayın ikiye bölünmesi'] }),
      concept('abu-lahab', { en: ['Abu Lahab'] }, { en: ['uncle of the Prophet who opposed him'] }),
      concept('cave', { en: ['cave'] }),
    ]);
    const nearIds = (query: string, langs?: Parameters<typeof detectNearConcepts>[2]): string[] =>
      detectNearConcepts(near, query, langs).map((m) => m.concepts.map((c) => c.id).join('+'));

    it('finds a wording with one content word missing, in any order, in English and Turkish', () => {
      expect(nearIds('How did the walls of Jericho come down?', ['en'])).toEqual(['walls-of-jericho']);
      expect(nearIds('Jericho: did its walls collapse?', ['en'])).toEqual(['walls-of-jericho']);
      expect(nearIds('Ay gerçekten ikiye bölündü mü?', ['tr'])).toEqual(['splitting-of-the-moon']);
      const question = 'Which uncle of the Prophet is condemned by name?';
      const [abuLahab] = detectNearConcepts(near, question, ['en']);
      expect(abuLahab?.wordStarts.map((i) => question.slice(i).split(' ')[0])).toEqual(['uncle', 'Prophet']);
      expect(abuLahab?.matched).toBe('uncle of the Prophet who opposed him');
    });

    it('needs all but one word of a wording of three content words or more, and leaves out what the query mentions', () => {
      // One word of three: no near mention.
      expect(nearIds('Where is Jericho?', ['en'])).toEqual([]);
      // A two-word wording is never matched by one of its words ("moon split" by "moon").
      expect(nearIds('What does the moon show?', ['en'])).toEqual([]);
      // Every word there: a mention, not a near one.
      expect(nearIds('The walls of Jericho fell', ['en'])).toEqual([]);
      expect(detectConcepts(near, 'The walls of Jericho fell', ['en']).map((m) => m.concepts[0]?.id)).toEqual(['walls-of-jericho']);
      // Only the languages asked for.
      expect(nearIds('How did the walls of Jericho come down?', ['tr'])).toEqual([]);
    });
  });
});
