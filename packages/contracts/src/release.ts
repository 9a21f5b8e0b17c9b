import { REMOTES, type RemoteName } from './api.js';

/**
 * A release version: `<package version>-<8 hex>` (a semver-like version of letters, digits and
 * `.+-`, then the 8-hex input hash), as `dist/release.json` and `/remotes.json` carry it.
 */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,60}-[0-9a-f]{8}$/;

/** One remote's release, as `?release=<name>@<version>` names it. */
export interface ReleaseRef {
  name: RemoteName;
  version: string;
}

/**
 * Reads a release reference `<name>@<version>`, e.g. `assistant@0.1.0-1a2b3c4d` (the
 * `?release=` of a preview link and of `/remotes.json`).
 *
 * @returns the remote and version, or undefined when `value` is not a string of that form
 *          (an unknown remote name, a malformed version, anything else)
 */
export function parseReleaseRef(value: unknown): ReleaseRef | undefined {
  if (typeof value !== 'string' || value.length > 100) return undefined;
  const at = value.indexOf('@');
  if (at < 0) return undefined;
  const name = value.slice(0, at);
  const version = value.slice(at + 1);
  if (!Object.prototype.hasOwnProperty.call(REMOTES, name) || !RELEASE_VERSION_PATTERN.test(version)) return undefined;
  return { name: name as RemoteName, version };
}
