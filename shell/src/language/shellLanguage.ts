import {
  initialLanguage,
  isLang,
  languageBus,
  LANGUAGE_STORAGE_KEY,
  type Lang,
} from '@kb/contracts';

/**
 * The shell's side of the language contract: it alone decides and publishes the language,
 * remembers the visitor's choice and keeps `<html lang>` in step.
 */

function readStored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, sandbox): fall through to the browser's preference
  }
}

/**
 * Sets the site's language: publishes it on the bus, stores it, updates `<html lang>`.
 * Unknown values are ignored.
 */
export function setLanguage(lang: Lang): void {
  if (!isLang(lang)) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not persisted when storage is unavailable; the choice still holds for this page.
  }
  document.documentElement.lang = lang;
  document.documentElement.dir = 'ltr';
  languageBus.publish(lang);
}

/**
 * Chooses the start-up language (URL `?lang=`, stored choice, browser preference, English),
 * publishes it, and honours remotes' requests from then on.
 *
 * @returns a function that stops listening to requests
 */
export function startLanguage(): () => void {
  const lang = initialLanguage(window.location.search, readStored(), navigator.languages ?? []);
  setLanguage(lang);
  return languageBus.onRequest(setLanguage);
}
