import { defineMessages, format, type Lang } from '@kb/contracts';

/** The answer's own sentences (never presented as scripture), in the asker's language. */
export const ANSWER_MESSAGES = defineMessages(
  {
    intro: 'Here is what I found in {source} on your question ({translator}); the passages are quoted exactly:',
    related: 'I found no passage that answers this directly; these are the closest.',
    relatedIntro: 'The closest passages in {source} ({translator}), quoted exactly:',
    fallbackLanguage: 'This source has no passages in English, so its {language} text was searched.',
    refused:
      'I could not find an answer to this question in the sources. I answer only from the texts of this knowledge base, and none of them addresses it closely enough.',
    noSource: 'There are no passages of this source in the knowledge base yet, so I cannot answer from it.',
  },
  {
    intro: 'Sorunuzla ilgili olarak {source} içinde şunları buldum ({translator}); metinler aynen aktarılmıştır:',
    related: 'Bu soruyu doğrudan cevaplayan bir metin bulamadım; en yakın metinler bunlar.',
    relatedIntro: '{source} içinde en yakın metinler ({translator}); aynen aktarılmıştır:',
    fallbackLanguage: 'Bu kaynakta Türkçe metin bulunmadığından {language} metni arandı.',
    refused:
      'Bu sorunun cevabını kaynaklarda bulamadım. Yalnızca bu bilgi bankasındaki metinlere dayanarak cevap veriyorum ve hiçbiri bu soruyu yeterince karşılamıyor.',
    noSource: 'Bu kaynağın metinleri henüz bilgi bankasında yok; bu yüzden ondan cevap veremiyorum.',
  },
);

const SOURCE_NAMES: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  quran: { en: 'the Quran', tr: "Kur'an-ı Kerim" },
  'quran-arabic': { en: 'the Quran (Arabic)', tr: "Kur'an-ı Kerim (Arapça)" },
  bible: { en: 'the Bible (KJV)', tr: 'Kitab-ı Mukaddes (KJV)' },
};

/** How a reference is introduced in the answer (`Quran 2:153`, `Kur'an 2:153`). */
const REF_PREFIX: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  quran: { en: 'Quran', tr: "Kur'an" },
  'quran-arabic': { en: 'Quran', tr: "Kur'an" },
};

const LANGUAGE_NAMES: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  ar: { en: 'Arabic', tr: 'Arapça' },
  en: { en: 'English', tr: 'İngilizce' },
  tr: { en: 'Turkish', tr: 'Türkçe' },
};

/** A source's name in a sentence of the given language (the id when unknown). */
export function sourceName(source: string, lang: Lang): string {
  return SOURCE_NAMES[source]?.[lang] ?? source;
}

/** A passage's reference as the answer writes it. */
export function refLabel(source: string, ref: string, lang: Lang): string {
  const prefix = REF_PREFIX[source]?.[lang];
  return prefix ? `${prefix} ${ref}` : ref;
}

/** A language's name in a sentence of the given language (the code when unknown). */
export function languageName(code: string, lang: Lang): string {
  return LANGUAGE_NAMES[code]?.[lang] ?? code;
}

export { format };
