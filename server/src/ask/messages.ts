import { defineMessages, format, sourceDisplayName, type Lang } from '@kb/contracts';

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
    refusedOtherLanguage:
      'This source has no passages in English, so its {language} text was searched, and nothing there answers this question. A question asked in {language} can match its words.',
  },
  {
    intro: 'Sorunuzla ilgili olarak {source} içinde şunları buldum ({translator}); metinler aynen aktarılmıştır:',
    related: 'Bu soruyu doğrudan cevaplayan bir metin bulamadım; en yakın metinler bunlar.',
    relatedIntro: '{source} içinde en yakın metinler ({translator}); aynen aktarılmıştır:',
    fallbackLanguage: 'Bu kaynakta Türkçe metin bulunmadığından {language} metni arandı.',
    refused:
      "Bu sorunun cevabını kaynaklarda bulamadım. Yalnızca Bilgi Tabanı'ndaki metinlere dayanarak cevap veriyorum ve hiçbiri bu soruyu yeterince karşılamıyor.",
    noSource: "Bu kaynağın metinleri henüz Bilgi Tabanı'nda yok; bu yüzden ondan cevap veremiyorum.",
    refusedOtherLanguage:
      'Bu kaynakta Türkçe metin bulunmadığından {language} metni arandı ve orada bu soruyu karşılayan bir metin bulunamadı. Metnin kelimeleri, soru {language} sorulduğunda bulunur.',
  },
);

/**
 * A source's name inside an answer sentence: the one list of source names (`SOURCE_NAMES` in
 * `@kb/contracts`), with the article English needs mid-sentence (`in the Quran`).
 */
const IN_SENTENCE: Readonly<Record<Lang, (name: string) => string>> = {
  en: (name) => `the ${name}`,
  tr: (name) => name,
};

/**
 * Sources whose references the answer introduces with the source's name, as the citation cards
 * do (`Quran 2:153`, `Kur'an-ı Kerim 2:153`); a Bible reference names its book (`John 3:16`).
 */
const NAMED_REFS: ReadonlySet<string> = new Set(['quran', 'quran-arabic']);

const LANGUAGE_NAMES: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  ar: { en: 'Arabic', tr: 'Arapça' },
  en: { en: 'English', tr: 'İngilizce' },
  tr: { en: 'Turkish', tr: 'Türkçe' },
};

/** A source's name in a sentence of the given language (the id when unknown). */
export function sourceName(source: string, lang: Lang): string {
  const name = sourceDisplayName(source, lang);
  return name === source ? source : IN_SENTENCE[lang](name);
}

/** A passage's reference as the answer writes it, named as its citation card names it. */
export function refLabel(source: string, ref: string, lang: Lang): string {
  return NAMED_REFS.has(source) ? `${sourceDisplayName(source, lang)} ${ref}` : ref;
}

/** A language's name in a sentence of the given language (the code when unknown). */
export function languageName(code: string, lang: Lang): string {
  return LANGUAGE_NAMES[code]?.[lang] ?? code;
}

export { format };
