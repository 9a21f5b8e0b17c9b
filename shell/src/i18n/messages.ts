import { defineMessages, useLanguage } from '@kb/contracts';

/**
 * Every text the shell shows, in English and Turkish. `defineMessages` makes a key missing in
 * either language a type error, so a missing translation fails the build.
 */
export const messages = defineMessages(
  {
    skipToContent: 'Skip to content',
    brand: 'Knowledge Base',
    homeLink: 'Knowledge Base, home',
    navLabel: 'Main',
    navProject: 'Project',
    navAbout: 'About',
    navKnowledge: 'Knowledge',
    navOpenData: 'Open Data',
    navContact: 'Contact Us',
    navChat: 'AI Chat',
    menuOpen: 'Open menu',
    menuClose: 'Close menu',
    languageSwitch: 'Language',
    homeTitle: 'Knowledge You can Trust',
    homeSubtitle:
      'Ask a question and get an answer drawn from the Quran and other verified sources, with every passage cited.',
    askLabel: 'Your question',
    askPlaceholder: 'Ask anything, e.g. What does the Quran say about patience?',
    askPlaceholderShort: 'Ask a question…',
    askButton: 'Ask',
    badgeVerified: 'Verified Sources',
    badgeLanguages: 'Multi-language Support',
    badgeAi: 'AI-powered Answers',
    remoteUnavailable: '{part} is temporarily unavailable.',
    remoteUnavailableHint: 'The rest of the site keeps working. Please try again in a moment.',
    remoteRetry: 'Retry',
    remoteLoading: 'Loading {part}…',
    partKnowledge: 'The knowledge browser',
    partAssistant: 'The assistant',
    partForms: 'The form',
    partNewsletter: 'The newsletter form',
    notFoundCode: '404',
    notFoundTitle: 'Oops! Page not found',
    notFoundHome: 'Return to Home',
    footerCopyright: '© 2025 Knowledge Base. All rights reserved.',
    footerCredits:
      'Quran texts from the quran-json package, after Tanzil.net and QuranEnc (The Noble Qur’an Encyclopedia); each translation is credited to its translator wherever it is quoted (English: Saheeh International; Turkish: Diyanet İşleri Başkanlığı). The Bible: King James Version (public domain).',
    titleHome: 'Knowledge You can Trust',
    titleProject: 'Project',
    titleAbout: 'About',
    titleContact: 'Contact',
    titleKnowledge: 'Knowledge sources',
    titleSearch: 'Search',
    titleChat: 'AI Chat',
    titlePreview: 'Document preview',
    titleOpenData: 'Open data',
    titleNotFound: 'Page not found',
  },
  {
    skipToContent: 'İçeriğe geç',
    brand: 'Bilgi Tabanı',
    homeLink: 'Bilgi Tabanı, ana sayfa',
    navLabel: 'Ana menü',
    navProject: 'Proje',
    navAbout: 'Hakkımızda',
    navKnowledge: 'Bilgi',
    navOpenData: 'Açık Veri',
    navContact: 'İletişim',
    navChat: 'Yapay Zekâ Sohbet',
    menuOpen: 'Menüyü aç',
    menuClose: 'Menüyü kapat',
    languageSwitch: 'Dil',
    homeTitle: 'Güvenebileceğiniz Bilgi',
    homeSubtitle:
      'Bir soru sorun; Kur’an ve diğer doğrulanmış kaynaklardan alınmış, her pasajı kaynak gösterilmiş bir yanıt alın.',
    askLabel: 'Sorunuz',
    askPlaceholder: 'Bir şey sorun, ör. Sabır hakkında Kur’an ne diyor?',
    askPlaceholderShort: 'Bir soru sorun…',
    askButton: 'Sor',
    badgeVerified: 'Doğrulanmış Kaynaklar',
    badgeLanguages: 'Çok Dilli Destek',
    badgeAi: 'Yapay Zekâ Destekli Yanıtlar',
    remoteUnavailable: '{part} geçici olarak kullanılamıyor.',
    remoteUnavailableHint: 'Sitenin geri kalanı çalışmaya devam ediyor. Lütfen biraz sonra tekrar deneyin.',
    remoteRetry: 'Tekrar dene',
    remoteLoading: '{part} yükleniyor…',
    partKnowledge: 'Bilgi tarayıcısı',
    partAssistant: 'Asistan',
    partForms: 'Form',
    partNewsletter: 'Bülten formu',
    notFoundCode: '404',
    notFoundTitle: 'Hay aksi! Sayfa bulunamadı',
    notFoundHome: 'Ana Sayfaya Dön',
    footerCopyright: '© 2025 Bilgi Tabanı. Tüm hakları saklıdır.',
    footerCredits:
      'Kur’an metinleri quran-json paketinden, Tanzil.net ve QuranEnc (Kur’an-ı Kerim Ansiklopedisi) kaynaklı; her meal alıntılandığı her yerde mütercimiyle anılır (Türkçe: Diyanet İşleri Başkanlığı; İngilizce: Saheeh International). Kitab-ı Mukaddes: King James Version (kamu malı).',
    titleHome: 'Güvenebileceğiniz Bilgi',
    titleProject: 'Proje',
    titleAbout: 'Hakkımızda',
    titleContact: 'İletişim',
    titleKnowledge: 'Bilgi kaynakları',
    titleSearch: 'Arama',
    titleChat: 'Yapay Zekâ Sohbet',
    titlePreview: 'Belge önizleme',
    titleOpenData: 'Açık veri',
    titleNotFound: 'Sayfa bulunamadı',
  },
);

/** The shell's messages in the current language. */
export type ShellMessages = (typeof messages)['en'];

/** React hook: the shell's messages in the current language; re-renders on a switch. */
export function useMessages(): ShellMessages {
  return messages[useLanguage()];
}
