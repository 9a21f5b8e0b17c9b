import { defineMessages, useLanguage } from '@kb/contracts';

/**
 * Every text of the knowledge screen in English and Turkish. `defineMessages` makes a key
 * missing in either language a type error. The sources' own texts come localized from
 * `GET /api/sources`.
 */
export const messages = defineMessages(
  {
    title: 'Knowledge Sources',
    subtitle:
      'Browse the verified collections the assistant answers from, and open any of them in the AI chat to ask questions of that source alone.',
    searchLabel: 'Search sources',
    searchPlaceholder: 'Title, description, tag…',
    categoriesLabel: 'Filter by category',
    allCategories: 'All Categories',
    categoryReligious: 'Religious Texts',
    categoryCommentary: 'Commentaries',
    categoryHadith: 'Hadith',
    categoryContemporary: 'Contemporary Works',
    sourcesLabel: 'Sources',
    resultCount: '{count} of {total} sources shown',
    emptyTitle: 'No sources found',
    emptyHint: 'Try adjusting your search or filters.',
    clearFilters: 'Clear filters',
    loading: 'Loading sources…',
    errorTitle: 'The sources could not be loaded.',
    errorHint: 'Please check your connection and try again.',
    retry: 'Retry',
    statusAvailable: 'Access Now',
    statusComingSoon: 'Coming Soon',
    detailsBadge: 'Details',
    access: 'Access Source',
    accessLabel: 'Access Source: {title}',
    detailsLabel: 'Details: {title}',
    notIndexedYet: 'No passages of this source are indexed yet, so the assistant cannot answer from it for now.',
    dialogCount: 'Collection size',
    dialogStatus: 'Status',
    dialogIndexed: 'Indexed passages',
    dialogDetailed: 'Detailed sources',
    dialogTags: 'Tags',
    close: 'Close',
    statsLabel: 'The knowledge base in numbers',
    statVectors: 'AI vectors',
    statContents: 'Contents',
    statLanguages: 'Languages',
  },
  {
    title: 'Bilgi Kaynakları',
    subtitle:
      'Asistanın cevaplarını dayandırdığı doğrulanmış koleksiyonlara göz atın; dilediğinizi yapay zekâ sohbetinde açarak yalnızca o kaynağa soru sorun.',
    searchLabel: 'Kaynaklarda ara',
    searchPlaceholder: 'Başlık, açıklama, etiket…',
    categoriesLabel: 'Kategoriye göre filtrele',
    allCategories: 'Tüm Kategoriler',
    categoryReligious: 'Dinî Metinler',
    categoryCommentary: 'Tefsir ve Şerhler',
    categoryHadith: 'Hadis',
    categoryContemporary: 'Çağdaş Eserler',
    sourcesLabel: 'Kaynaklar',
    resultCount: '{total} kaynaktan {count} tanesi gösteriliyor',
    emptyTitle: 'Kaynak bulunamadı',
    emptyHint: 'Aramanızı veya filtrelerinizi değiştirmeyi deneyin.',
    clearFilters: 'Filtreleri temizle',
    loading: 'Kaynaklar yükleniyor…',
    errorTitle: 'Kaynaklar yüklenemedi.',
    errorHint: 'Lütfen bağlantınızı kontrol edip tekrar deneyin.',
    retry: 'Tekrar dene',
    statusAvailable: 'Hemen Erişin',
    statusComingSoon: 'Yakında',
    detailsBadge: 'Ayrıntılar',
    access: 'Kaynağa Eriş',
    accessLabel: 'Kaynağa Eriş: {title}',
    detailsLabel: 'Ayrıntılar: {title}',
    notIndexedYet: 'Bu kaynağın pasajları henüz dizinlenmedi; asistan şimdilik bu kaynaktan cevap veremez.',
    dialogCount: 'Koleksiyon büyüklüğü',
    dialogStatus: 'Durum',
    dialogIndexed: 'Dizinlenmiş pasajlar',
    dialogDetailed: 'Ayrıntılı kaynaklar',
    dialogTags: 'Etiketler',
    close: 'Kapat',
    statsLabel: 'Rakamlarla Bilgi Tabanı',
    statVectors: 'Yapay zekâ vektörü',
    statContents: 'İçerik',
    statLanguages: 'Dil',
  },
);

/** The knowledge screen's messages in one language. */
export type KnowledgeMessages = (typeof messages)['en'];

/** React hook: the screen's messages in the current language; re-renders on a switch. */
export function useMessages(): KnowledgeMessages {
  return messages[useLanguage()];
}
