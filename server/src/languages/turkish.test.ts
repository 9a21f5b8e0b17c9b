import {
  asciiFoldTurkish,
  foldTurkish,
  foldTurkishAscii,
  isTurkishForm,
  turkishFallbackStem,
  turkishNamePrefix,
  turkishNameStem,
  turkishStems,
  turkishSuffixStem,
  turkishVowelDropStem,
} from './turkish';

describe('Turkish folding', () => {
  it('folds dotted and dotless I the Turkish way', () => {
    expect(foldTurkish('IŞIK')).toBe(foldTurkish('ışık'));
    expect(foldTurkish('İNCİL')).toBe(foldTurkish('incil'));
    expect(foldTurkish('İNCİL')).toBe('incil');
    expect(foldTurkish('IŞIK')).toBe('ışık');
    expect(foldTurkish('İsa')).not.toContain('\u0307');
  });

  it('has an ASCII-folded form, so sabir finds sabır', () => {
    expect(asciiFoldTurkish(foldTurkish('Sabır'))).toBe('sabir');
    expect(foldTurkishAscii('ŞÜKÜR çöğ')).toBe('sukur cog');
  });

  it('drops circumflexes and splits a proper noun from its suffix', () => {
    expect(foldTurkish('Kâfir')).toBe('kafir');
    expect(foldTurkish("Allah'ın")).toBe('allah ın');
  });
});

describe('Turkish stems of a query word', () => {
  it('strips suffixes while five letters remain', () => {
    expect(turkishSuffixStem('yetimlerden')).toBe('yetim');
    expect(turkishSuffixStem('davranilmali')).toBe('davran');
    expect(turkishSuffixStem('evler')).toBe('evler');
  });

  it('gives the stem a vowel-dropping noun takes before a vowel', () => {
    expect(turkishVowelDropStem('sabır')).toBe('sabr');
    expect(turkishVowelDropStem('şükür')).toBe('şükr');
    expect(turkishVowelDropStem('namaz')).toBeUndefined();
  });

  it('stems Turkish names to what their inflected forms share', () => {
    expect(turkishNameStem('başörtüsü')).toBe('basortu');
    expect(turkishNameStem('peygamberler')).toBe('peygamber');
    expect(turkishNameStem('namaz')).toBeUndefined();
  });

  it('keeps the prefix an inflected name shares with its dictionary form, for attestation candidates', () => {
    expect('başörtüleri'.startsWith('başört')).toBe(true);
    expect(turkishNamePrefix('başörtüsü')).toBe('basort');
    expect(turkishNamePrefix('zekât')).toBe('zeka');
    expect(turkishNamePrefix('Nuh')).toBe('nuh');
  });

  it('lists every stem a suffix chain leaves, softening undone', () => {
    expect(turkishStems('peygamberlerin')).toContain('peygamber');
    expect(turkishStems('kitabi')).toEqual(expect.arrayContaining(['kitab', 'kitap']));
    expect(turkishStems('gecenler')).not.toContain('gece');
  });
});

describe('Turkish fallback stems', () => {
  it('peels tense, voice, mood and case off a verb down to a stem of four letters or more', () => {
    expect(turkishFallbackStem('paylaştırılır')).toBe('paylas');
    expect(turkishFallbackStem('götürüldü')).toBe('gotur');
    expect(turkishFallbackStem('taşımaktan')).toBe('tasi');
    expect(turkishFallbackStem('karışmaz')).toBe('karis');
    expect(turkishFallbackStem('kısaltılabilir')).toBe('kisalt');
    expect(turkishFallbackStem('Balıkçılar')).toBe('balik');
  });

  it('leaves short stems, names with an apostrophe and words with nothing to peel alone', () => {
    // göt- and ver- are too short to stand for a verb alone.
    expect(turkishFallbackStem('vermeliyim')).toBeUndefined();
    expect(turkishFallbackStem('filli')).toBeUndefined();
    expect(turkishFallbackStem("Kabe'ye")).toBeUndefined();
    expect(turkishFallbackStem('sabır')).toBeUndefined();
    expect(turkishFallbackStem('')).toBeUndefined();
  });
});

describe('isTurkishForm', () => {
  it('takes only forms of the member in its own letters, not words that merely share a stem', () => {
    expect(isTurkishForm('öldürdüler', 'öldürmek')).toBe(true);
    expect(isTurkishForm('yoksulluğa', 'yoksulluk')).toBe(true);
    expect(isTurkishForm('zulmü', 'zulüm')).toBe(true);
    expect(isTurkishForm('kavgalarına', 'kavga')).toBe(true);
    expect(isTurkishForm('yaktılar', 'yakmak')).toBe(true);
    expect(isTurkishForm('karşı', 'karşılamak')).toBe(false);
    expect(isTurkishForm('yakın', 'yakmak')).toBe(false);
    expect(isTurkishForm('kendi', 'kent')).toBe(false);
    expect(isTurkishForm('kıldık', 'kil')).toBe(false);
    expect(isTurkishForm('yılan', 'yıl')).toBe(false);
    expect(isTurkishForm('varsa', 'varis')).toBe(false);
    expect(isTurkishForm('anlattı', 'anlamak')).toBe(false);
    expect(isTurkishForm('günahkâr', 'günah')).toBe(false);
  });
});
