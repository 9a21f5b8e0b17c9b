import { SOURCE_NAMES, type KnowledgeSource, type Lang, type SourceCategory } from '@kb/contracts';

/**
 * The knowledge-source catalog (SPEC.md §3): the ten collections of the knowledge base, with
 * their texts in English and Turkish. This is the one place the catalog is written; the
 * /knowledge screen reads it through `GET /api/sources`. Whether a source is available is not
 * written here: it follows from the passages indexed right now (see {@link localizeCatalog}).
 */

/** The texts of one source in one language. */
export interface SourceTexts {
  /** The source's name, always from the one list `SOURCE_NAMES` (`@kb/contracts`). */
  title: string;
  description: string;
  /** Size of the whole collection, written for the language (`6,236 verses`, `6.236 ayet`). */
  sourceCount: string;
  tags: readonly string[];
  detailedSources: readonly string[];
}

/** One source of the catalog in both languages. */
export interface CatalogEntry {
  id: string;
  category: SourceCategory;
  /** Lucide icon name, kebab-case. */
  icon: string;
  texts: Readonly<Record<Lang, SourceTexts>>;
}

/** The catalog, in the order the screen shows it. */
export const SOURCE_CATALOG: readonly CatalogEntry[] = [
  {
    id: 'quran',
    category: 'religious',
    icon: 'book-open',
    texts: {
      en: {
        title: SOURCE_NAMES.en.quran,
        description:
          'The Quran, the holy book of Islam, in translation: 114 surahs and 6,236 verses. Every verse is quoted with its translator and with the Arabic original beside it.',
        sourceCount: '6,236 verses',
        tags: ['Arabic', 'Turkish', 'English', 'German', 'Kurdish', 'Azerbaijani'],
        detailedSources: [
          'Turkish translation: Diyanet İşleri Başkanlığı',
          'English translation: Saheeh International',
          'German, Kurdish and Azerbaijani translations',
          'Arabic original: the Uthmani script',
        ],
      },
      tr: {
        title: SOURCE_NAMES.tr.quran,
        description:
          "İslam'ın kutsal kitabı Kur'an-ı Kerim'in mealleri: 114 sure, 6.236 ayet. Her ayet, mütercimi ve yanında Arapça aslıyla birlikte aktarılır.",
        sourceCount: '6.236 ayet',
        tags: ['Arapça', 'Türkçe', 'İngilizce', 'Almanca', 'Kürtçe', 'Azerice'],
        detailedSources: [
          'Türkçe meal: Diyanet İşleri Başkanlığı',
          'İngilizce meal: Saheeh International',
          'Almanca, Kürtçe ve Azerice mealler',
          'Arapça asıl: Rasm-ı Osmânî ile yazılmış metin',
        ],
      },
    },
  },
  {
    id: 'bible',
    category: 'religious',
    icon: 'book',
    texts: {
      en: {
        title: SOURCE_NAMES.en.bible,
        description:
          'The King James Version of the Bible (1611) in English: the 39 books of the Old Testament and the 27 of the New Testament, 31,102 verses. The text is in the public domain.',
        sourceCount: '31,102 verses',
        tags: ['English', 'Old Testament', 'New Testament', 'KJV'],
        detailedSources: [
          'King James Version (Authorized Version, 1611)',
          'Old Testament: 39 books, Genesis to Malachi',
          'New Testament: 27 books, Matthew to Revelation',
        ],
      },
      tr: {
        title: SOURCE_NAMES.tr.bible,
        description:
          "Kitab-ı Mukaddes'in İngilizce Kral James Çevirisi (King James Version, 1611): Eski Ahit'in 39, Yeni Ahit'in 27 kitabı, 31.102 ayet. Tevrat, Zebur ve İncil'i içerir; metin kamu malıdır.",
        sourceCount: '31.102 ayet',
        tags: ['İngilizce', 'Eski Ahit', 'Yeni Ahit', 'İncil', 'KJV'],
        detailedSources: [
          'King James Version (Yetkili Çeviri, 1611)',
          "Eski Ahit: Tekvin'den Malaki'ye 39 kitap",
          "Yeni Ahit: Matta'dan Vahiy'e 27 kitap",
        ],
      },
    },
  },
  {
    id: 'sizinti',
    category: 'contemporary',
    icon: 'newspaper',
    texts: {
      en: {
        title: SOURCE_NAMES.en.sizinti,
        description:
          'Sızıntı, a Turkish monthly magazine of science, culture and faith, published by Işık Yayınları from February 1979 until its closure in 2016. Its articles read the natural sciences alongside questions of faith.',
        sourceCount: '1,200+ articles',
        tags: ['Magazine', 'Science', 'Culture', 'Faith', 'Turkish'],
        detailedSources: ['Monthly issues, 1979–2016', 'Lead articles', 'Science and culture articles', 'Poetry'],
      },
      tr: {
        title: SOURCE_NAMES.tr.sizinti,
        description:
          "Işık Yayınları'nın Şubat 1979'dan 2016'daki kapatılışına kadar yayımladığı aylık bilim, kültür ve inanç dergisi. Yazıları tabiat bilimlerini iman meseleleriyle birlikte ele alır.",
        sourceCount: '1.200+ makale',
        tags: ['Dergi', 'Bilim', 'Kültür', 'İman', 'Türkçe'],
        detailedSources: ['Aylık sayılar, 1979–2016', 'Başyazılar', 'Bilim ve kültür yazıları', 'Şiirler'],
      },
    },
  },
  {
    id: 'quran-arabic',
    category: 'religious',
    icon: 'languages',
    texts: {
      en: {
        title: SOURCE_NAMES.en['quran-arabic'],
        description:
          'The Arabic text of the Quran in the Uthmani script: 114 surahs, 6,236 verses. It is shown beside every translated verse the assistant quotes.',
        sourceCount: '6,236 verses',
        tags: ['Arabic', 'Uthmani script', 'Original text'],
        detailedSources: [
          "The Uthmani script of The Noble Qur'an Encyclopedia (QuranEnc)",
          'Distributed in the quran-json package',
        ],
      },
      tr: {
        title: SOURCE_NAMES.tr['quran-arabic'],
        description:
          "Kur'an-ı Kerim'in Rasm-ı Osmânî ile yazılmış Arapça metni: 114 sure, 6.236 ayet. Asistanın aktardığı her mealin yanında gösterilir.",
        sourceCount: '6.236 ayet',
        tags: ['Arapça', 'Rasm-ı Osmânî', 'Asıl metin'],
        detailedSources: [
          "Kur'an-ı Kerim Ansiklopedisi'nin (QuranEnc) Rasm-ı Osmânî metni",
          'quran-json paketiyle dağıtılır',
        ],
      },
    },
  },
  {
    id: 'caglayan',
    category: 'contemporary',
    icon: 'notebook-pen',
    texts: {
      en: {
        title: SOURCE_NAMES.en.caglayan,
        description:
          'Çağlayan, a Turkish monthly magazine first published in April 2017 that continues the line of Sızıntı: essays in the natural, human, social and religious sciences, and poetry.',
        sourceCount: '800+ articles',
        tags: ['Magazine', 'Science', 'Culture', 'Poetry', 'Turkish'],
        detailedSources: ['Monthly issues since April 2017', 'Natural and social sciences', 'Religious sciences', 'Poetry'],
      },
      tr: {
        title: SOURCE_NAMES.tr.caglayan,
        description:
          "Nisan 2017'den beri yayımlanan, Sızıntı'nın çizgisini sürdüren aylık dergi: fen, beşerî, sosyal ve dinî ilimlerde yazılar ile şiirler.",
        sourceCount: '800+ makale',
        tags: ['Dergi', 'Bilim', 'Kültür', 'Şiir', 'Türkçe'],
        detailedSources: ["Nisan 2017'den bu yana aylık sayılar", 'Fen ve sosyal bilimler', 'Dinî ilimler', 'Şiirler'],
      },
    },
  },
  {
    id: 'risale',
    category: 'commentary',
    icon: 'library',
    texts: {
      en: {
        title: SOURCE_NAMES.en.risale,
        description:
          'The Risale-i Nur Collection of Bediüzzaman Said Nursi (1877–1960): some 130 treatises in Turkish that explain the truths of faith in the light of the Quran.',
        sourceCount: '130 treatises',
        tags: ['Said Nursi', 'Faith', 'Quran commentary', 'Turkish'],
        detailedSources: [
          'The Words (Sözler)',
          'The Letters (Mektubat)',
          "The Flashes (Lem'alar)",
          'The Rays (Şualar)',
          "Signs of Miraculousness (İşaratü'l-İ'caz)",
          'The Epitome of Light (Mesnevî-i Nuriye)',
          'The Addenda of Barla, Kastamonu and Emirdağ (Lahikalar)',
        ],
      },
      tr: {
        title: SOURCE_NAMES.tr.risale,
        description:
          "Bediüzzaman Said Nursî'nin (1877–1960) Risale-i Nur Külliyatı: iman hakikatlerini Kur'an'ın ışığında açıklayan yaklaşık 130 risale.",
        sourceCount: '130 risale',
        tags: ['Said Nursî', 'İman', 'Tefsir', 'Türkçe'],
        detailedSources: [
          'Sözler',
          'Mektubat',
          "Lem'alar",
          'Şualar',
          "İşaratü'l-İ'caz",
          'Mesnevî-i Nuriye',
          'Barla, Kastamonu ve Emirdağ Lahikaları',
        ],
      },
    },
  },
  {
    id: 'pirlanta',
    category: 'contemporary',
    icon: 'gem',
    texts: {
      en: {
        title: SOURCE_NAMES.en.pirlanta,
        description:
          'The Pırlanta (Diamond) series: the collected books of M. Fethullah Gülen, with essays, sermons, reflections on the Quran, a life of the Prophet and answers to questions of faith.',
        sourceCount: '69 books',
        tags: ['Books', 'Essays', 'Spirituality', 'Turkish'],
        detailedSources: [
          'Emerald Hills of the Heart (Kalbin Zümrüt Tepeleri)',
          'The Messenger of God: Muhammad (Sonsuz Nur)',
          'Questions and Answers about Islam (Asrın Getirdiği Tereddütler)',
          "Reflections on the Qur'an (Kur'an'dan İdrake Yansıyanlar)",
          "Çağ ve Nesil (the lead articles of Sızıntı)",
          'Kırık Testi',
        ],
      },
      tr: {
        title: SOURCE_NAMES.tr.pirlanta,
        description:
          "M. Fethullah Gülen'in eserlerini bir araya getiren Pırlanta serisi: makaleler, vaazlar, Kur'an üzerine tefekkürler, Peygamber Efendimiz'in hayatı ve iman sorularına cevaplar.",
        sourceCount: '69 kitap',
        tags: ['Kitap', 'Makale', 'Tasavvuf', 'Türkçe'],
        detailedSources: [
          'Kalbin Zümrüt Tepeleri',
          'Sonsuz Nur',
          'Asrın Getirdiği Tereddütler',
          "Kur'an'dan İdrake Yansıyanlar",
          'Çağ ve Nesil (Sızıntı başyazıları)',
          'Kırık Testi',
        ],
      },
    },
  },
  {
    id: 'hadith',
    category: 'hadith',
    icon: 'message-square-quote',
    texts: {
      en: {
        title: SOURCE_NAMES.en.hadith,
        description:
          'Collections of hadith, the reported sayings and practice of the Prophet Muhammad, led by the six canonical books (al-Kutub al-Sitta).',
        sourceCount: '40,000+ hadiths',
        tags: ['Sunnah', 'Kutub al-Sitta', 'Sahih', 'Arabic'],
        detailedSources: [
          'Sahih al-Bukhari',
          'Sahih Muslim',
          'Sunan Abi Dawud',
          "Jami' al-Tirmidhi",
          "Sunan al-Nasa'i",
          'Sunan Ibn Majah',
          'al-Muwatta of Imam Malik',
        ],
      },
      tr: {
        title: SOURCE_NAMES.tr.hadith,
        description:
          "Peygamber Efendimiz'in sözlerini ve uygulamalarını aktaran hadis külliyatı; başta Kütüb-i Sitte olarak bilinen altı temel eser.",
        sourceCount: '40.000+ hadis',
        tags: ['Sünnet', 'Kütüb-i Sitte', 'Sahih', 'Arapça'],
        detailedSources: [
          'Sahîh-i Buhârî',
          'Sahîh-i Müslim',
          'Sünen-i Ebû Dâvûd',
          'Sünen-i Tirmizî',
          'Sünen-i Nesâî',
          'Sünen-i İbn Mâce',
          'İmam Mâlik, Muvatta',
        ],
      },
    },
  },
  {
    id: 'tafsir',
    category: 'commentary',
    icon: 'book-marked',
    texts: {
      en: {
        title: SOURCE_NAMES.en.tafsir,
        description:
          'Commentaries (tafsir) that explain the Quran verse by verse: classical works in Arabic and a modern commentary in Turkish.',
        sourceCount: 'Multiple commentaries',
        tags: ['Tafsir', 'Commentary', 'Arabic', 'Turkish'],
        detailedSources: [
          "al-Tabari, Jami' al-Bayan",
          "Ibn Kathir, Tafsir al-Qur'an al-'Azim",
          "al-Qurtubi, al-Jami' li-Ahkam al-Qur'an",
          "Elmalılı Hamdi Yazır, Hak Dini Kur'an Dili",
        ],
      },
      tr: {
        title: SOURCE_NAMES.tr.tafsir,
        description:
          "Kur'an-ı Kerim'i ayet ayet açıklayan tefsirler: Arapça klasik eserler ve Türkçe modern bir tefsir.",
        sourceCount: 'Çok sayıda tefsir',
        tags: ['Tefsir', 'Klasik', 'Arapça', 'Türkçe'],
        detailedSources: [
          "Taberî, Câmiu'l-Beyân",
          "İbn Kesîr, Tefsîru'l-Kur'âni'l-Azîm",
          "Kurtubî, el-Câmi' li-Ahkâmi'l-Kur'ân",
          "Elmalılı Hamdi Yazır, Hak Dini Kur'an Dili",
        ],
      },
    },
  },
  {
    id: 'herkulnagme',
    category: 'contemporary',
    icon: 'circle-play',
    texts: {
      en: {
        title: SOURCE_NAMES.en.herkulnagme,
        description:
          'Herkül Nağme: recorded talks and lessons of M. Fethullah Gülen on faith, worship and ethics, published on herkul.org as numbered episodes in video and audio.',
        sourceCount: '1,000+ videos',
        tags: ['Video', 'Audio', 'Talks', 'Turkish'],
        detailedSources: ['Numbered Herkül Nağme episodes', 'Bamteli talks'],
      },
      tr: {
        title: SOURCE_NAMES.tr.herkulnagme,
        description:
          "M. Fethullah Gülen'in iman, ibadet ve ahlak üzerine sohbet ve derslerinin, herkul.org'da numaralı bölümler hâlinde yayımlanan video ve ses kayıtları.",
        sourceCount: '1.000+ video',
        tags: ['Video', 'Ses', 'Sohbet', 'Türkçe'],
        detailedSources: ['Numaralı Herkül Nağme bölümleri', 'Bamteli sohbetleri'],
      },
    },
  },
];

/**
 * The catalog in one language, with each source's status and indexed-passage count.
 *
 * @param lang    interface language of the texts
 * @param indexed passages in the search index per source id (a source missing from the map has none)
 * @returns the ten sources in catalog order; `status` is `available` when the source has at
 *   least one indexed passage and `coming-soon` otherwise (ARCHITECTURE.md "Data")
 */
export function localizeCatalog(lang: Lang, indexed: ReadonlyMap<string, number>): KnowledgeSource[] {
  return SOURCE_CATALOG.map((entry) => {
    const texts = entry.texts[lang];
    const indexedPassages = indexed.get(entry.id) ?? 0;
    return {
      id: entry.id,
      title: texts.title,
      description: texts.description,
      category: entry.category,
      icon: entry.icon,
      status: indexedPassages > 0 ? 'available' : 'coming-soon',
      sourceCount: texts.sourceCount,
      tags: [...texts.tags],
      detailedSources: [...texts.detailedSources],
      indexedPassages,
    };
  });
}
