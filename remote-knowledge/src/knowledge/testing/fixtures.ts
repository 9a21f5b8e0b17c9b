import type { KnowledgeSource, Lang, SourceCategory, SourcesResponse } from '@kb/contracts';

type Row = [id: string, category: SourceCategory, icon: string, title: string, description: string, count: string, tags: string[], indexed: number];

function rows(list: Row[]): KnowledgeSource[] {
  return list.map(([id, category, icon, title, description, sourceCount, tags, indexedPassages]) => ({
    id,
    category,
    icon,
    title,
    description,
    sourceCount,
    tags,
    detailedSources: [`${title} — part one`, `${title} — part two`],
    status: indexedPassages > 0 ? 'available' : 'coming-soon',
    indexedPassages,
  }));
}

/** A catalog like the server's (shortened texts), with the Quran, Arabic Quran and Bible indexed. */
export const SOURCES: Record<Lang, KnowledgeSource[]> = {
  en: rows([
    ['quran', 'religious', 'book-open', 'Quran', 'The Quran in translation: 114 surahs and 6,236 verses.', '6,236 verses', ['Arabic', 'Turkish', 'English', 'German', 'Kurdish', 'Azerbaijani'], 12472],
    ['bible', 'religious', 'book', 'Bible', 'The King James Version of the Bible (1611).', '31,102 verses', ['English', 'Old Testament', 'New Testament', 'KJV'], 31102],
    ['sizinti', 'contemporary', 'newspaper', 'Sızıntı', 'A monthly magazine of science and faith published by Işık Yayınları.', '1,200+ articles', ['Magazine', 'Science'], 0],
    ['quran-arabic', 'religious', 'languages', 'Arabic Quran', 'The Arabic text of the Quran in the Uthmani script.', '6,236 verses', ['Arabic', 'Uthmani script'], 6236],
    ['caglayan', 'contemporary', 'notebook-pen', 'Çağlayan', 'A monthly magazine continuing the line of Sızıntı.', '800+ articles', ['Magazine', 'Poetry'], 0],
    ['risale', 'commentary', 'library', 'Risale-i Nur', 'The treatises of Bediüzzaman Said Nursi.', '130 treatises', ['Said Nursi', 'Faith'], 0],
    ['pirlanta', 'contemporary', 'gem', 'Pırlanta Series', 'The collected books of M. Fethullah Gülen.', '69 books', ['Books', 'Essays'], 0],
    ['hadith', 'hadith', 'message-square-quote', 'Hadith', 'Collections of the sayings of the Prophet.', '40,000+ hadiths', ['Sunnah', 'Sahih'], 0],
    ['tafsir', 'commentary', 'book-marked', 'Quran Tafsir', 'Commentaries that explain the Quran verse by verse.', 'Multiple commentaries', ['Tafsir', 'Arabic'], 0],
    ['herkulnagme', 'contemporary', 'circle-play', 'Herkül Nağme', 'Recorded talks, in video and audio.', '1,000+ videos', ['Video', 'Talks'], 0],
  ]),
  tr: rows([
    ['quran', 'religious', 'book-open', "Kur'an-ı Kerim", "Kur'an-ı Kerim'in mealleri: 114 sure, 6.236 ayet.", '6.236 ayet', ['Arapça', 'Türkçe', 'İngilizce', 'Almanca', 'Kürtçe', 'Azerice'], 12472],
    ['bible', 'religious', 'book', 'Kitab-ı Mukaddes', 'Kral James Çevirisi (1611).', '31.102 ayet', ['İngilizce', 'Eski Ahit', 'Yeni Ahit', 'İncil', 'KJV'], 31102],
    ['sizinti', 'contemporary', 'newspaper', 'Sızıntı', "Işık Yayınları'nın aylık bilim ve inanç dergisi.", '1.200+ makale', ['Dergi', 'Bilim'], 0],
    ['quran-arabic', 'religious', 'languages', "Arapça Kur'an", "Kur'an-ı Kerim'in Arapça metni.", '6.236 ayet', ['Arapça', 'Rasm-ı Osmânî'], 6236],
    ['caglayan', 'contemporary', 'notebook-pen', 'Çağlayan', "Sızıntı'nın çizgisini sürdüren aylık dergi.", '800+ makale', ['Dergi', 'Şiir'], 0],
    ['risale', 'commentary', 'library', 'Risale-i Nur', "Bediüzzaman Said Nursî'nin risaleleri.", '130 risale', ['Said Nursî', 'İman'], 0],
    ['pirlanta', 'contemporary', 'gem', 'Pırlanta Serisi', "M. Fethullah Gülen'in eserleri.", '69 kitap', ['Kitap', 'Makale'], 0],
    ['hadith', 'hadith', 'message-square-quote', 'Hadis', "Peygamber Efendimiz'in sözleri.", '40.000+ hadis', ['Sünnet', 'Sahih'], 0],
    ['tafsir', 'commentary', 'book-marked', "Kur'an Tefsiri", "Kur'an'ı ayet ayet açıklayan tefsirler.", 'Çok sayıda tefsir', ['Tefsir', 'Arapça'], 0],
    ['herkulnagme', 'contemporary', 'circle-play', 'Herkül Nağme', 'Video ve ses kayıtları hâlinde sohbetler.', '1.000+ video', ['Video', 'Sohbet'], 0],
  ]),
};

/** A `GET /api/sources` body. */
export function sourcesBody(lang: Lang): SourcesResponse {
  return { lang, sources: SOURCES[lang] };
}

/** The parts of `Response` that the client reads. */
export function jsonResponse(body: unknown, status = 200): Response {
  return { ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response;
}

/**
 * Replaces `fetch` with a fake `GET /api/sources` that answers the fixture catalog in the
 * requested language. Returns the mock, to inspect calls or queue other answers.
 */
export function mockSourcesApi(): jest.MockedFunction<typeof fetch> {
  const mock = jest.fn((input: RequestInfo | URL) => {
    const lang = new URL(String(input), 'http://localhost').searchParams.get('lang') === 'tr' ? 'tr' : 'en';
    return Promise.resolve(jsonResponse(sourcesBody(lang)));
  }) as jest.MockedFunction<typeof fetch>;
  globalThis.fetch = mock;
  return mock;
}
