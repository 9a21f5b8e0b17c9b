/**
 * Duplicate-dependency check, from the builds' source maps.
 *
 * - `inBuilds`: every npm package (name@version) whose code is in the production chunks of
 *   more than one of the federated builds (the shell and the three remotes), with its bytes of
 *   minified code in each build. A shared singleton appears in every remote as the fallback the
 *   remote would use without a host; that copy costs disk, not visitors, unless it is loaded.
 * - `loaded`: per page, every package whose modules were loaded into the page's main document
 *   more than once (from two different files), the number of copies and the bytes of the
 *   extra copies; the largest packages loaded (`largest`: bytes of minified code, every copy
 *   counted; a workspace's own code as `<workspace> (own code)`); and, for each shared singleton (React, react-dom, the router,
 *   styled-components, …), how many copies the page loaded — which must be at most 1. A
 *   singleton's subpath export that the shared scope does not list (`@kb/contracts/tokens`:
 *   constants compiled into each build by design, docs/operations.md) is not counted there;
 *   its extra copies still show in `duplicates`.
 *   The assistant frame is a page of its own (an iframe): its packages are listed apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { modulesOf } from './lib/sourcemaps.mjs';
import { repoRoot } from './lib/util.mjs';

const require = createRequire(import.meta.url);

/** Package names of the shared scope (tooling/federation.js), without the `react/` subpath keys. */
export function sharedSingletons() {
  const { sharedScope } = require(path.join(repoRoot, 'tooling', 'federation.js'));
  return Object.keys(sharedScope()).filter((name) => !name.endsWith('/'));
}

/** Every `.js` file under `dir`, skipping folders named in `skip`. */
function jsFiles(dir, skip = []) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(entry.name)) out.push(...jsFiles(full, skip));
    } else if (entry.name.endsWith('.js')) out.push(full);
  }
  return out;
}

/** The production builds checked, with the folder their source maps are relative to. */
export function federatedBuilds() {
  return [
    { name: 'shell', dir: path.join(repoRoot, 'shell', 'dist'), context: path.join(repoRoot, 'shell'), skip: [] },
    ...['knowledge', 'assistant', 'forms'].map((name) => ({
      name,
      dir: path.join(repoRoot, `remote-${name}`, 'dist'),
      context: path.join(repoRoot, `remote-${name}`),
      // The assistant's frame app is a separate page, not part of the federated container.
      skip: ['assistant'],
    })),
  ];
}

/**
 * The source files of the subpath exports of the shared singletons that the shared scope does
 * not list (e.g. `@kb/contracts/tokens` → `packages/contracts/src/tokens.ts`): webpack compiles
 * such a subpath into every build that imports it, so it is not a second copy of the shared
 * module. Read from each package's `package.json` `exports` (every string target, all
 * conditions, that exists and is not also a target of the package's entry `.`).
 *
 * @returns {Set<string>} absolute paths
 */
export function unsharedSubpathFiles() {
  const shared = new Set(Object.keys(require(path.join(repoRoot, 'tooling', 'federation.js')).sharedScope()));
  const out = new Set();
  const targets = (value) =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(targets) : [];
  for (const name of sharedSingletons()) {
    let manifest;
    try {
      manifest = require.resolve(`${name}/package.json`, { paths: [repoRoot] });
    } catch {
      continue; // a package that does not export its package.json has no subpath we compile in
    }
    const exports = JSON.parse(fs.readFileSync(manifest, 'utf8')).exports;
    if (!exports || typeof exports !== 'object' || Array.isArray(exports)) continue;
    const files = (target) =>
      targets(target)
        .map((file) => path.resolve(path.dirname(manifest), file))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.realpathSync.native(file));
    const entry = new Set(files(exports['.']));
    for (const [subpath, target] of Object.entries(exports)) {
      if (!subpath.startsWith('./') || subpath === './package.json' || subpath.includes('*')) continue;
      const request = `${name}/${subpath.slice(2)}`;
      if (shared.has(request) || [...shared].some((k) => k.endsWith('/') && request.startsWith(k))) continue;
      for (const file of files(target)) if (!entry.has(file)) out.add(file);
    }
  }
  return out;
}

const key = (pkg) => `${pkg.name}@${pkg.version ?? '?'}`;

/**
 * Packages in more than one federated build.
 * @returns {{ package: string, singleton: boolean, builds: Record<string, number> }[]} bytes per build, largest total first
 */
export function duplicatesInBuilds() {
  const singletons = new Set(sharedSingletons());
  /** @type {Map<string, { name: string, builds: Record<string, number> }>} */
  const packages = new Map();
  for (const build of federatedBuilds()) {
    for (const file of jsFiles(build.dir, build.skip)) {
      for (const m of modulesOf(file, build.context)) {
        if (!m.pkg) continue;
        const k = key(m.pkg);
        const entry = packages.get(k) ?? { name: m.pkg.name, builds: {} };
        entry.builds[build.name] = (entry.builds[build.name] ?? 0) + m.bytes;
        packages.set(k, entry);
      }
    }
  }
  return [...packages]
    .filter(([, e]) => Object.keys(e.builds).length > 1)
    .map(([k, e]) => ({ package: k, singleton: singletons.has(e.name), builds: e.builds }))
    .sort((a, b) => total(b.builds) - total(a.builds));
}

const total = (record) => Object.values(record).reduce((s, n) => s + n, 0);

/**
 * Packages loaded more than once into one document.
 *
 * @param {{ url: string, mainDocument: boolean }[]} scripts the JavaScript files a page loaded
 * @param {(url: string) => { file: string, context: string } | null} locate the built file a URL was served from
 * @returns {{ main: { duplicates: object[], singletons: Record<string, number> }, frame: { packages: number, bytes: number, singletons: Record<string, number> } | null, unmapped: string[] }}
 */
export function duplicatesLoaded(scripts, locate) {
  const singletons = sharedSingletons();
  const compiledIn = unsharedSubpathFiles();
  const unmapped = [];
  const analyse = (list) => {
    /** @type {Map<string, { pkg: string, name: string, files: Map<string, number> }>} module → where it was loaded */
    const modules = new Map();
    /** @type {Map<string, number>} package, or the workspace's own code, → bytes loaded (every copy) */
    const weights = new Map();
    for (const script of list) {
      const where = locate(script.url);
      if (!where || !fs.existsSync(where.file)) {
        unmapped.push(script.url);
        continue;
      }
      for (const m of modulesOf(where.file, where.context)) {
        const label = m.pkg ? m.pkg.name : `${path.relative(repoRoot, m.file).split(path.sep)[0]} (own code)`;
        weights.set(label, (weights.get(label) ?? 0) + m.bytes);
        if (!m.pkg) continue;
        const entry = modules.get(m.file) ?? { pkg: key(m.pkg), name: m.pkg.name, files: new Map() };
        entry.files.set(where.file, (entry.files.get(where.file) ?? 0) + m.bytes);
        modules.set(m.file, entry);
      }
    }
    /** @type {Map<string, { name: string, copies: number, extraBytes: number, bytes: number }>} */
    const packages = new Map();
    /** @type {Map<string, number>} package → most copies of one of its shared modules */
    const sharedCopies = new Map();
    for (const [file, m] of modules) {
      if (!compiledIn.has(file)) sharedCopies.set(m.pkg, Math.max(sharedCopies.get(m.pkg) ?? 0, m.files.size));
      const sizes = [...m.files.values()].sort((a, b) => b - a);
      const p = packages.get(m.pkg) ?? { name: m.name, copies: 0, extraBytes: 0, bytes: 0 };
      p.copies = Math.max(p.copies, sizes.length);
      p.extraBytes += sizes.slice(1).reduce((s, n) => s + n, 0);
      p.bytes += sizes[0] ?? 0;
      packages.set(m.pkg, p);
    }
    // Two versions of one package are two copies too.
    const byName = new Map();
    for (const [k, p] of packages) byName.set(p.name, [...(byName.get(p.name) ?? []), k]);
    const singletonCopies = Object.fromEntries(
      singletons.map((name) => [
        name,
        (byName.get(name) ?? []).reduce((s, k) => s + (sharedCopies.get(k) ?? 0), 0),
      ]),
    );
    const duplicates = [...packages]
      .filter(([, p]) => p.copies > 1 || (byName.get(p.name) ?? []).length > 1)
      .map(([k, p]) => ({ package: k, copies: p.copies, extraBytes: p.extraBytes }))
      .sort((a, b) => b.extraBytes - a.extraBytes);
    const largest = Object.fromEntries([...weights].sort((a, b) => b[1] - a[1]).slice(0, 40));
    return {
      duplicates,
      singletons: singletonCopies,
      largest,
      packages: packages.size,
      bytes: [...weights.values()].reduce((s, n) => s + n, 0),
    };
  };
  const main = analyse(scripts.filter((s) => s.mainDocument));
  const frameScripts = scripts.filter((s) => !s.mainDocument);
  const frame = frameScripts.length > 0 ? analyse(frameScripts) : null;
  return {
    main: { duplicates: main.duplicates, singletons: main.singletons, largest: main.largest },
    frame: frame && { packages: frame.packages, bytes: frame.bytes, singletons: frame.singletons, largest: frame.largest },
    unmapped,
  };
}

/**
 * Where the real server serves a script from: `/static/…` from the shell build in `webRoot`,
 * `/remotes/<name>/<version>/…` from the release folder, `/assistant/<version>/…` from that
 * assistant release's frame app and `/assistant/…` from the one that has the file.
 *
 * @param {{ webRoot: string, releasesDir: string }} roots
 * @returns {(url: string) => { file: string, context: string } | null}
 */
export function serverLocator({ webRoot, releasesDir }) {
  return (url) => {
    const pathname = decodeURIComponent(new URL(url).pathname);
    if (pathname.startsWith('/static/')) {
      return { file: path.join(webRoot, 'shell', 'dist', pathname), context: path.join(repoRoot, 'shell') };
    }
    const remote = /^\/remotes\/([a-z-]+)\/([^/]+)\/(.+)$/.exec(pathname);
    if (remote) {
      const [, name = '', version = '', file = ''] = remote;
      return { file: path.join(releasesDir, name, version, file), context: path.join(repoRoot, `remote-${name}`) };
    }
    if (pathname.startsWith('/assistant/')) {
      const rest = pathname.slice('/assistant/'.length);
      const versions = fs.existsSync(path.join(releasesDir, 'assistant')) ? fs.readdirSync(path.join(releasesDir, 'assistant')) : [];
      // `/assistant/<version>/…`: that release's frame files (the frame's own URLs are versioned).
      const [first = '', ...tail] = rest.split('/');
      if (versions.includes(first)) {
        const own = path.join(releasesDir, 'assistant', first, 'assistant', tail.join('/'));
        return fs.existsSync(own) ? { file: own, context: path.join(repoRoot, 'remote-assistant') } : null;
      }
      const file = rest;
      const found = versions.map((v) => path.join(releasesDir, 'assistant', v, 'assistant', file)).find((f) => fs.existsSync(f));
      return found ? { file: found, context: path.join(repoRoot, 'remote-assistant') } : null;
    }
    return null;
  };
}
