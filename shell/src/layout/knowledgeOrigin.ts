import type { Lang } from '@kb/contracts';
import { BUCKET_PARAM } from '../federation/bucket';

/**
 * The "knowledge application" origin of SPEC.md §9: the current origin with port 3000
 * replaced by 7860. Any other origin is already the knowledge application (the server answers
 * on both ports), so it is kept as it is.
 *
 * @param location the page's location (`window.location`)
 * @param override an explicit origin (`KNOWLEDGE_APP_ORIGIN`), used when given
 * @returns an origin such as `http://localhost:7860`
 */
export function knowledgeAppOrigin(
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'>,
  override?: string | null,
): string {
  if (override) return override.replace(/\/+$/, '');
  if (location.port === '3000') return `${location.protocol}//${location.hostname}:7860`;
  return location.origin;
}

/**
 * The AI Chat button's target: `/chat` on the knowledge application's origin, with `?lang=`
 * so the language crosses origins (localStorage does not), and on another origin `&bucket=N`
 * too, so the visitor keeps the same releases there (a canary's share stays on the canary).
 *
 * @param bucket the visitor's bucket 0–99 (`visitorBucket()`, federation/bucket.ts); omitted: not carried
 */
export function chatHref(
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'>,
  lang: Lang,
  override?: string | null,
  bucket?: number,
): string {
  const origin = knowledgeAppOrigin(location, override);
  if (origin === location.origin) return `/chat?lang=${lang}`;
  const carried = bucket === undefined ? '' : `&${BUCKET_PARAM}=${bucket}`;
  return `${origin}/chat?lang=${lang}${carried}`;
}
