import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, type RemoteName } from '@kb/contracts';

/**
 * Fake production builds of a remote for tests, shaped as webpack and Module Federation leave
 * them in `<workspace>/dist`: `release.json`, an `mf-manifest.json` exposing the contract's
 * modules and a `remoteEntry.js` that parses and names them, so they pass release
 * verification (`releases/verify.ts`).
 */

/** The `mf-manifest.json` of a good build of `name` (`label` makes builds tell apart). */
export function manifestText(name: RemoteName, label = ''): string {
  return JSON.stringify({
    id: name,
    name,
    label,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    exposes: REMOTES[name].map((module) => ({ id: `${name}:${module.slice(2)}`, name: module.slice(2), path: module })),
  });
}

/** The `remoteEntry.js` of a good build of `name`: valid JavaScript naming each exposed module. */
export function remoteEntryText(name: RemoteName, label = ''): string {
  const modules = REMOTES[name].map((m) => `${JSON.stringify(m)}: function () { return ${JSON.stringify(label)}; }`);
  return `var ${name} = { label: ${JSON.stringify(label)}, moduleMap: { ${modules.join(', ')} } };\n`;
}

/**
 * Writes a good build of `name` into `dir` (a `dist/` folder, or a release folder), replacing
 * what was there.
 */
export function writeRemoteBuild(dir: string, name: RemoteName, version: string, label = version): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ name, version }));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifestText(name, label));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), remoteEntryText(name, label));
}

/**
 * A fake `fetch` for a CDN answering `files` (absolute URL → body) with 200 and anything else
 * with 404; what `createReleaseRegistry({ fetch })` verifies a `--base-url` release with.
 */
export function fakeOrigin(files: Readonly<Record<string, string>>): typeof fetch {
  return (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = files[url];
    return Promise.resolve(body === undefined ? new Response('not found', { status: 404 }) : new Response(body, { status: 200 }));
  };
}
