/**
 * The one place that decides how the shell and the remotes are federated: the shared scope
 * (ARCHITECTURE.md "Module Federation"), each remote's release version, and the webpack
 * settings every front-end workspace has in common. Each workspace's webpack.config.js stays
 * a few lines that call into this module.
 */
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');

/** Version of an installed package, read from its package.json under the repo's node_modules. */
function installedVersion(name) {
  const file = require.resolve(`${name}/package.json`, { paths: [repoRoot] });
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/** The request of the router module the host provides (tooling/shared-router.mjs, through an alias). */
const SHARED_ROUTER = 'kb-shared-router';

/** React Router's ES module build (production or development), whose package exports do not name it. */
function routerModuleBuild(production) {
  const dir = path.dirname(require.resolve('react-router/package.json', { paths: [repoRoot] }));
  return path.join(dir, 'dist', production ? 'production' : 'development', 'index.mjs');
}

/**
 * The shared scope. Every package is a singleton: two Reacts, routers, style sheets or toast
 * containers on one page break the page, and `@kb/contracts` carries the language bus.
 * `requiredVersion` is the caret range of what is installed, so a remote built against an
 * older minor still shares the host's copy.
 *
 * The host (`{ host: true }`) provides the router as React Router 7's declarative API only
 * (the names of `tooling/router-api.mjs`, re-exported by `tooling/shared-router.mjs`): the page then loads about
 * 45 KB of router instead of 188 KB. A remote keeps the whole package as its fallback, used
 * only where no shell provides one (its standalone page).
 *
 * @param {{ host?: boolean }} [options]
 * @returns {Record<string, object>} the `shared` option of ModuleFederationPlugin
 */
function sharedScope({ host = false } = {}) {
  const singleton = (pkg) => {
    const version = installedVersion(pkg);
    return { singleton: true, requiredVersion: `^${version}`, version };
  };
  const shared = {};
  for (const pkg of [
    'react',
    'react-dom',
    'react-router',
    'react-router-dom',
    'styled-components',
    'react-toastify',
    '@kb/contracts',
  ]) {
    shared[pkg] = singleton(pkg);
  }
  if (host) {
    // One module behind both names, so both hand out the same router contexts. It is named by
    // an alias (commonConfig), not a path: a path would be provided in every compilation, the
    // HTML template's too, which would emit a stray copy.
    shared['react-router'] = { ...shared['react-router'], import: SHARED_ROUTER };
    shared['react-router-dom'] = { ...shared['react-router-dom'], import: SHARED_ROUTER };
  }
  // Subpath imports (react/jsx-runtime, react-dom/client) share the same instance.
  shared['react/'] = singleton('react');
  shared['react-dom/'] = singleton('react-dom');
  return shared;
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out.sort();
}

/**
 * A remote's release version: `<package version>-<8 hex>`, the hex being a SHA-256 over the
 * remote's inputs (its `src/` and `types/` files, package.json, webpack config and the
 * repository's lock file), computed before the build. Same inputs, same version; any change,
 * a new version.
 *
 * @param {string} workspaceDir absolute path of the remote's workspace
 * @returns {string} e.g. `0.1.0-3fa2c19b`
 */
function remoteVersion(workspaceDir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(workspaceDir, 'package.json'), 'utf8'));
  const files = [
    ...listFiles(path.join(workspaceDir, 'src')),
    ...listFiles(path.join(workspaceDir, 'types')),
    path.join(workspaceDir, 'package.json'),
    path.join(workspaceDir, 'webpack.config.js'),
    // The shared build settings (shared scope, precompressed files) shape every remote's output.
    __filename,
    path.join(repoRoot, 'package-lock.json'),
  ].filter((f) => fs.existsSync(f));
  const hash = nodeCrypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(workspaceDir, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  // A build-time label (REMOTE_BUILD_LABEL) changes what the remote shows, so it is an input.
  hash.update(process.env.REMOTE_BUILD_LABEL || '');
  return `${pkg.version}-${hash.digest('hex').slice(0, 8)}`;
}

/** Text files worth sending compressed (source maps are left to on-the-fly compression). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Precompressed copies of a production build's text assets, written beside them as
 * `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9), for files of 1 KB or more
 * that shrink to at most 80 %. The server sends them when the browser accepts the encoding
 * (server/src/web/static.ts), so no request pays for compressing them. None in development.
 *
 * @returns webpack plugins, to spread into a configuration's `plugins`
 */
function compressedAssets({ mode }) {
  if (mode !== 'production') return [];
  const zlib = require('node:zlib');
  const CompressionPlugin = require('compression-webpack-plugin');
  const common = { test: COMPRESSIBLE, threshold: 1024, minRatio: 0.8 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

/**
 * Module rules and resolution common to every front-end build (TypeScript through swc), and
 * its `plugins` ({@link compressedAssets}): a configuration that sets its own plugins spreads
 * these into them.
 */
function commonConfig({ mode }) {
  const production = mode === 'production';
  return {
    plugins: compressedAssets({ mode }),
    mode,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.jsx'],
      // `@kb/contracts` is compiled from its TypeScript sources, like our own code.
      conditionNames: ['source', '...'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // React Router's ES module build under a name the shared scope does not take
      // (tooling/shared-router.mjs re-exports from it).
      alias: { 'react-router-esm$': routerModuleBuild(production), [`${SHARED_ROUTER}$`]: path.join(__dirname, 'shared-router.mjs') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { sharedScope, remoteVersion, commonConfig, compressedAssets, installedVersion, repoRoot };

/**
 * The webpack configuration of a remote: its container alone (`entry: {}`), exposing
 * `exposes`, with `mf-manifest.json` and `release.json` (`{ name, version }`) beside it. In
 * development (`npm run dev -w remote-…`) it also builds the team's standalone page from
 * `src/standalone.tsx`, with a federation runtime of its own (no shell provides one there),
 * and serves it on `devPort`.
 *
 * @param {{ name: string, dir: string, exposes: Record<string,string>, devPort: number, mode: string }} options
 */
function remoteConfig({ name, dir, exposes, devPort, mode }) {
  const webpack = require('webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
  const production = mode === 'production';
  const version = remoteVersion(dir);
  // Read by the manifest plugin: the release version goes into mf-manifest.json.
  process.env.MF_BUILD_VERSION = version;
  const common = commonConfig({ mode });
  const plugins = [
    ...common.plugins,
    new webpack.DefinePlugin({
      __REMOTE_VERSION__: JSON.stringify(version),
      __REMOTE_BUILD_LABEL__: JSON.stringify(process.env.REMOTE_BUILD_LABEL || ''),
    }),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: sharedScope(),
      manifest: true,
      dts: false,
      // In production the host provides the federation runtime, so a remote's container does not
      // ship its own copy. The standalone dev page has no host: there the build bundles it.
      experiments: { externalRuntime: production },
    }),
    {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap('ReleaseInfo', (compilation) => {
          compilation.hooks.processAssets.tap(
            { name: 'ReleaseInfo', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
            () => {
              const body = JSON.stringify({ name, version }, null, 2) + '\n';
              compilation.emitAsset('release.json', new webpack.sources.RawSource(body));
            },
          );
        });
      },
    },
  ];
  if (!production) {
    plugins.push(new HtmlWebpackPlugin({ title: `${name} (standalone)`, chunks: ['standalone'] }));
  }
  return {
    ...common,
    name,
    context: dir,
    entry: production ? {} : { standalone: './src/standalone-bootstrap.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: name,
      clean: true,
    },
    plugins,
    devServer: {
      port: devPort,
      historyApiFallback: true,
      hot: false,
      // Same-origin API calls in standalone mode go to the site's server.
      proxy: [{ context: ['/api', '/assistant'], target: process.env.KB_SERVER || 'http://localhost:3000' }],
    },
  };
}

module.exports.remoteConfig = remoteConfig;
