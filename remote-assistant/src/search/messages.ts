import { defineMessages } from '@kb/contracts';

/** Texts of the /search screen without a query. */
export const searchMessages = defineMessages(
  {
    siteName: 'Knowledge Base',
    home: 'Home',
    searchLabel: 'Search the sources',
    placeholder: 'Search the Quran, the Bible and the other sources…',
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
    placeholder: "Kur'an-ı Kerim, Kitab-ı Mukaddes ve diğer kaynaklarda arayın…",
    placeholderShort: 'Kaynaklarda arayın…',
    submit: 'Ara',
    detailedSearch: 'Ayrıntılı Arama',
    language: 'Dil',
    english: 'İngilizce',
    turkish: 'Türkçe',
    emptyTitle: 'Boş',
    emptyHint: 'Kaynaklarda aramak için yukarıya bir soru yazın.',
  },
);
