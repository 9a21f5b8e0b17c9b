import { defineMessages, useLanguage } from '@kb/contracts';

/**
 * Texts of the release notices (the preview bar and the reload offer), in English and Turkish.
 * Kept apart from the shell's main catalog; `defineMessages` makes a missing translation a type
 * error. `{release}` is `<name>@<version>`.
 */
export const releaseMessages = defineMessages(
  {
    previewRegion: 'Release preview',
    previewOf: 'Preview of {release}: this release is not live yet. Only this tab shows it.',
    previewUnavailable: 'Release {release} is not available for preview. You are seeing the live site.',
    previewLeave: 'Leave preview',
    updateRegion: 'Site update',
    updateAvailable: 'A new version of this site is available. Reload to use it; your current page keeps working until then.',
    updateReload: 'Reload',
  },
  {
    previewRegion: 'Sürüm önizlemesi',
    previewOf: '{release} önizlemesi: bu sürüm henüz yayında değil. Yalnızca bu sekmede görünür.',
    previewUnavailable: '{release} sürümü önizleme için kullanılamıyor. Canlı siteyi görüyorsunuz.',
    previewLeave: 'Önizlemeden çık',
    updateRegion: 'Site güncellemesi',
    updateAvailable: 'Sitenin yeni bir sürümü var. Kullanmak için sayfayı yeniden yükleyin; o zamana kadar bu sayfa çalışmaya devam eder.',
    updateReload: 'Yeniden yükle',
  },
);

/** React hook: the release notices' texts in the current language. */
export function useReleaseMessages(): (typeof releaseMessages)['en'] {
  return releaseMessages[useLanguage()];
}
