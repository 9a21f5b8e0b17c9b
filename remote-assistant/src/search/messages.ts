import { defineMessages } from '@kb/contracts';

/** Texts of the /search screen without a query. */
export const searchMessages = defineMessages(
  {
    siteName: 'Knowledge Base',
    home: 'Home',
    searchLabel: 'Search the sources',
    placeholder: 'Search the Quran, hadith and other sources…',
    placeholderShort: 'Search sources…',
    submit: 'Search',
    detailedSearch: 'Detailed Search',
    language: 'Language',
    english: 'English',
    turkish: 'Turkish',
    emptyTitle: 'Empty',
    emptyHint: 'Type a question above to search the sources.',
  },
  {
    siteName: 'Bilgi Tabanı',
    home: 'Ana sayfa',
    searchLabel: 'Kaynaklarda ara',
    placeholder: "Kur'an-ı Kerim, hadis ve diğer kaynaklarda arayın…",
    placeholderShort: 'Kaynaklarda arayın…',
    submit: 'Ara',
    detailedSearch: 'Detaylı Arama',
    language: 'Dil',
    english: 'İngilizce',
    turkish: 'Türkçe',
    emptyTitle: 'Boş',
    emptyHint: 'Kaynaklarda aramak için yukarıya bir soru yazın.',
  },
);
