import type { Lang } from './lang.js';

/**
 * A message catalog: the same keys in every language.
 *
 * Declare the English messages first and the Turkish ones against them with
 * {@link defineMessages}: a key missing (or extra) in Turkish is a type error, so a missing
 * translation fails `npm run typecheck` and the build.
 */
export type Catalog<K extends string> = { readonly [L in Lang]: { readonly [P in K]: string } };

/**
 * Builds a typed catalog from the English and Turkish messages.
 *
 * @param en English messages, `{ key: text }`
 * @param tr Turkish messages with exactly the same keys
 * @returns the catalog, frozen
 */
export function defineMessages<const K extends string>(
  en: { readonly [P in K]: string },
  tr: { readonly [P in K]: string },
): Catalog<K> {
  return Object.freeze({ en: Object.freeze({ ...en }), tr: Object.freeze({ ...tr }) });
}

/**
 * Fills `{name}` placeholders in a message. Unknown placeholders are left as they are.
 *
 * @example format('Results for {q}', { q: 'sabır' }) // 'Results for sabır'
 */
export function format(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
