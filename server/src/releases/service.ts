import fs from 'node:fs/promises';
import path from 'node:path';
import { RELEASE_VERSION_PATTERN, REMOTES, type RemoteName } from '@kb/contracts';

/** The workspace folder of each remote (under `WEB_ROOT`). */
export const REMOTE_WORKSPACES: Readonly<Record<RemoteName, string>> = {
  knowledge: 'remote-knowledge',
  assistant: 'remote-assistant',
  forms: 'remote-forms',
};

/** A remote's build found on disk. */
export interface RemoteBuild {
  name: RemoteName;
  /** `<package version>-<8 hex>` from `dist/release.json`. */
  version: string;
  /** Absolute `dist/` folder. */
  dir: string;
}

/** `<package version>-<8 hex>`: a semver-like version (letters, digits, `.+-`) and the 8-hex input hash. */
const VERSION = RELEASE_VERSION_PATTERN;

/** True for a well-formed release version (`<package version>-<8 hex>`); says nothing of whether it is published. */
export function isReleaseVersion(value: string): boolean {
  return VERSION.test(value);
}

function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(REMOTES, value);
}

/**
 * The current build of one remote: `<WEB_ROOT>/<workspace>/dist/release.json`
 * (`{ name, version }`) with its `mf-manifest.json` beside it. Read from disk on every call
 * (a rebuild is picked up at once).
 *
 * @returns undefined when there is no build, or its release.json is malformed or names another remote
 */
export async function currentBuild(webRoot: string, name: RemoteName): Promise<RemoteBuild | undefined> {
  const dir = path.join(webRoot, REMOTE_WORKSPACES[name], 'dist');
  try {
    const release = JSON.parse(await fs.readFile(path.join(dir, 'release.json'), 'utf8')) as unknown;
    if (typeof release !== 'object' || release === null) return undefined;
    const { name: releaseName, version } = release as { name?: unknown; version?: unknown };
    if (releaseName !== name || typeof version !== 'string' || !VERSION.test(version)) return undefined;
    await fs.access(path.join(dir, 'mf-manifest.json'));
    return { name, version, dir };
  } catch {
    return undefined;
  }
}

/** Site-relative URL of a release's manifest. */
export function manifestUrl(build: Pick<RemoteBuild, 'name' | 'version'>): string {
  return `/remotes/${build.name}/${build.version}/mf-manifest.json`;
}

export { isRemoteName };
