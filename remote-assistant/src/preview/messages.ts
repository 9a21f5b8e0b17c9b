import { defineMessages } from '@kb/contracts';

/** Texts of the /preview screen. */
export const previewMessages = defineMessages(
  {
    title: 'Document Preview',
    noLink: 'No document link provided',
    goHome: 'Go Home',
    openInNewTab: 'Open in New Tab',
    opensNewTab: '(opens in a new tab)',
    documentLink: 'Document link',
    openHint: 'Open the document in a new tab to read it.',
    unsafeLink: 'This link cannot be opened here: only http and https links are supported.',
  },
  {
    title: 'Belge Önizleme',
    noLink: 'Belge bağlantısı verilmedi',
    goHome: 'Ana Sayfaya Dön',
    openInNewTab: 'Yeni Sekmede Aç',
    opensNewTab: '(yeni sekmede açılır)',
    documentLink: 'Belge bağlantısı',
    openHint: 'Belgeyi okumak için yeni sekmede açın.',
    unsafeLink: 'Bu bağlantı burada açılamaz: yalnızca http ve https bağlantıları desteklenir.',
  },
);
