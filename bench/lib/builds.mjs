/**
 * The production builds the benchmark measures: the workspaces' own builds (rebuilt only when
 * they are missing or older than their inputs) and the monolithic build
 * (bench/monolith/webpack.config.js) written to a scratch folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { log, repoRoot, run } from './util.mjs';

const require = createRequire(import.meta.url);

/** Newest modification time (ms) of the files under the given paths (tests excluded). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else if (!/\.test\.[jt]sx?$/.test(p)) latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * Which front-end builds are missing or stale: a remote whose `dist/release.json` version is
 * not the version of its current inputs (tooling/federation.js `remoteVersion`) or whose
 * container is older than its sources or `@kb/contracts`; the shell when its `index.html` is
 * older than its sources, public files, webpack config, the federation config or
 * `@kb/contracts`.
 * @returns {{ workspace: string, reason: string }[]}
 */
export function staleBuilds() {
  const { remoteVersion } = require(path.join(repoRoot, 'tooling', 'federation.js'));
  const contracts = path.join(repoRoot, 'packages', 'contracts', 'src');
  const federation = path.join(repoRoot, 'tooling', 'federation.js');
  const stale = [];
  const shell = path.join(repoRoot, 'shell');
  const shellBuilt = mtime(path.join(shell, 'dist', 'index.html'));
  if (shellBuilt === 0) stale.push({ workspace: 'shell', reason: 'not built' });
  else if (newest([path.join(shell, 'src'), path.join(shell, 'public'), path.join(shell, 'webpack.config.js'), federation, contracts]) > shellBuilt) {
    stale.push({ workspace: 'shell', reason: 'sources newer than the build' });
  }
  for (const name of ['knowledge', 'assistant', 'forms']) {
    const dir = path.join(repoRoot, `remote-${name}`);
    const release = path.join(dir, 'dist', 'release.json');
    if (!fs.existsSync(release)) {
      stale.push({ workspace: `remote-${name}`, reason: 'not built' });
      continue;
    }
    const built = JSON.parse(fs.readFileSync(release, 'utf8')).version;
    if (built !== remoteVersion(dir)) stale.push({ workspace: `remote-${name}`, reason: `built ${built}, inputs are ${remoteVersion(dir)}` });
    else if (newest([path.join(dir, 'src'), contracts]) > mtime(path.join(dir, 'dist', 'remoteEntry.js'))) {
      stale.push({ workspace: `remote-${name}`, reason: 'sources newer than the build' });
    }
  }
  return stale;
}

/**
 * Makes sure the front-end builds are current (rebuilding the stale ones, or everything with
 * `all`) and that the server is built.
 * @param {{ all: boolean }} options
 * @returns {Promise<{ rebuilt: string[], serverBuiltAt: string, serverSourcesNewer: boolean }>}
 */
export async function ensureBuilds({ all }) {
  const rebuilt = [];
  if (all) {
    log('building everything (npm run build)');
    await run('npm', ['run', 'build']);
    rebuilt.push('all');
  } else {
    for (const { workspace, reason } of staleBuilds()) {
      log(`building ${workspace} (${reason})`);
      const startedAt = new Date();
      await run('npm', ['run', 'build', '-w', workspace]);
      // webpack leaves a file it would write unchanged untouched: mark the build as made from
      // the sources as they are now, or an input change that alters no output rebuilds every run.
      const marker = path.join(repoRoot, workspace, 'dist', workspace === 'shell' ? 'index.html' : 'remoteEntry.js');
      if (fs.existsSync(marker)) fs.utimesSync(marker, startedAt, startedAt);
      rebuilt.push(workspace);
    }
  }
  const main = path.join(repoRoot, 'server', 'dist', 'main.js');
  if (!fs.existsSync(main)) {
    log('building the server');
    await run('npm', ['run', 'build', '-w', '@kb/contracts']);
    await run('npm', ['run', 'build', '-w', 'server']);
    rebuilt.push('server');
  }
  const serverSourcesNewer =
    newest([path.join(repoRoot, 'server', 'src'), path.join(repoRoot, 'server', 'migrations')]) > mtime(main);
  if (serverSourcesNewer) log('note: server/src is newer than server/dist (measuring the built server; `--build` rebuilds)');
  return { rebuilt, serverBuiltAt: new Date(mtime(main)).toISOString(), serverSourcesNewer };
}

/**
 * Builds the monolith into `out/shell/dist` (bench/monolith/webpack.config.js).
 * @param {string} out scratch folder
 * @returns {Promise<number>} build time (ms)
 */
export async function buildMonolith(out) {
  const started = performance.now();
  await run(path.join(repoRoot, 'node_modules', '.bin', 'webpack'), ['--config', path.join(repoRoot, 'bench', 'monolith', 'webpack.config.js'), '--mode', 'production'], {
    env: { ...process.env, BENCH_MONOLITH_OUT: out },
  });
  return Math.round(performance.now() - started);
}

/**
 * A web root for the real server that serves the monolith as the shell: `out/shell/dist` is
 * the monolith, and the remotes' builds are linked in (the server publishes them, and
 * `/chat` needs the assistant's frame app).
 * @param {string} out the folder {@link buildMonolith} wrote to
 */
export function monolithWebRoot(out) {
  for (const name of ['remote-knowledge', 'remote-assistant', 'remote-forms']) {
    const link = path.join(out, name);
    fs.mkdirSync(link, { recursive: true });
    const target = path.join(link, 'dist');
    if (!fs.existsSync(target)) fs.symlinkSync(path.join(repoRoot, name, 'dist'), target, 'dir');
  }
  return out;
}
