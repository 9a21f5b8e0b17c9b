import type { SourceCategory } from '@kb/contracts';

/**
 * The four source categories in badge order. Written here rather than imported from
 * `@kb/contracts` at run time: the contracts package is a shared singleton, so a host built
 * before `SOURCE_CATEGORIES` existed would hand this remote a copy without it. Only the type
 * comes from the contracts, and the check below fails the build if a category is missing.
 */
export const CATEGORIES = ['religious', 'commentary', 'hadith', 'contemporary'] as const satisfies readonly SourceCategory[];

type Unlisted = Exclude<SourceCategory, (typeof CATEGORIES)[number]>;
// Compile-time check: a category the contracts add but this list lacks makes this an error.
const _everyCategoryListed: [Unlisted] extends [never] ? true : never = true;

/** True when `value` is one of {@link CATEGORIES}. Never throws. */
export function isCategory(value: unknown): value is SourceCategory {
  return (CATEGORIES as readonly unknown[]).includes(value);
}
