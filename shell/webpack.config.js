/**
 * The host. It knows no remote URL at build time: at start-up it fetches /remotes.json and
 * registers the remotes with the federation runtime (src/federation/remotes.ts).
 *
 * Two builds: `startup` (src/startup.ts, a few KB, no federation: the federation plugin would
 * put its runtime into every entry) and the shell itself (`main`, behind the federation
 * runtime). `index.html` runs the start-up script first, so `/remotes.json` and the first
 * screen's remote files are asked for while `main.js` still downloads.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedScope, commonConfig } = require('../tooling/federation');
const { PreloadStartupChunksPlugin } = require('../tooling/preload-startup');
const webpack = require('webpack');

/**
 * `provideExternalRuntime` adds the plugin that hands the page's federation runtime to the
 * remotes, by the path `require.resolve` gives the enhanced plugin: its CommonJS build. That build
 * requires the CommonJS runtime core, so the page would carry and evaluate a second copy of it
 * beside the ES module build the bundler runtime imports. Its ES module build imports the same
 * runtime core as the rest of the page.
 */
const runtimeCorePluginAsModule = new webpack.NormalModuleReplacementPlugin(
  /[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/,
  (resource) => {
    resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
  },
);

/** Files the start-up build emitted (`static/js/startup.<hash>.js`), read by the shell build's HTML. */
const startupFiles = [];

/** The start-up script's build: one small entry, no federation; runs before the shell's build. */
function startupConfig({ mode }) {
  const production = mode === 'production';
  const common = commonConfig({ mode });
  return {
    ...common,
    name: 'startup',
    context: __dirname,
    entry: { startup: './src/startup.ts' },
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      uniqueName: 'shell-startup',
      // This build runs first: it empties dist/, and the shell's build keeps its files.
      clean: true,
    },
    plugins: [
      ...common.plugins,
      {
        apply(compiler) {
          compiler.hooks.done.tap('StartupFiles', (stats) => {
            const files = [...(stats.compilation.entrypoints.get('startup')?.getFiles() ?? [])].filter((f) => f.endsWith('.js'));
            startupFiles.splice(0, startupFiles.length, ...files);
          });
        },
      },
    ],
  };
}

/**
 * Puts the start-up script first in `index.html`'s head (`defer`, so it runs before `main.js`,
 * and `fetchpriority=high`, so it is not queued behind the shell's preloads).
 */
class StartupScriptTag {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupScriptTag', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupScriptTag', (data) => {
        if (startupFiles.length === 0) throw new Error('StartupScriptTag: the start-up build emitted no script');
        const tags = startupFiles.map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, fetchpriority: 'high', src: `/${file}` }),
        );
        data.headTags.unshift(...tags);
        return data;
      });
    });
  }
}

module.exports = (_env, argv) => {
  const mode = argv.mode || 'production';
  return [startupConfig({ mode }), shellConfig({ mode })];
};

function shellConfig({ mode }) {
  const production = mode === 'production';
  const common = commonConfig({ mode });
  return {
    ...common,
    name: 'shell',
    dependencies: ['startup'],
    context: __dirname,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      uniqueName: 'shell',
      clean: { keep: /^static\/js\/startup\./ },
    },
    // Every library the shell loads (its copies of the shared modules, which every first
    // screen needs) in one file: on slow 4G, ten small files cost more round trips than their
    // bytes, and one file compresses 17 KB smaller (docs/performance.md, "One chunk").
    optimization: {
      splitChunks: {
        cacheGroups: {
          sharedLibraries: { test: /[\\/]node_modules[\\/]|[\\/]packages[\\/]contracts[\\/]/, chunks: 'async', name: 'shared', enforce: true, priority: 20 },
        },
      },
    },
    plugins: [
      ...common.plugins,
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedScope({ host: true }),
        // An unreachable remote must not block the shell's own shared modules.
        shareStrategy: 'loaded-first',
        runtimePlugins: [
          require.resolve('./src/federation/resiliencePlugin.ts'),
          // Hands the runtime the manifests the start-up script asked for early.
          require.resolve('./src/federation/startupManifestPlugin.ts'),
        ],
        // The host exposes nothing, so it publishes no manifest.
        manifest: false,
        dts: false,
        // One federation runtime for the page, shared with the remotes (they build with externalRuntime).
        // `target: 'web'` leaves the runtime's Node.js code paths out of the browser bundle.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      runtimeCorePluginAsModule,
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
      new StartupScriptTag(),
      // The chunks behind the async boundary download beside the entry, not after it, and so
      // does the toast library every first screen needs right after (see the plugin).
      ...(production ? [new PreloadStartupChunksPlugin({ chunkName: 'bootstrap', alsoShared: ['react-toastify'] })] : []),
      new CopyPlugin({ patterns: [{ from: 'public', to: '.' }] }),
    ],
    devServer: {
      port: 3100,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/remotes', '/remotes.json', '/assistant'], target: process.env.KB_SERVER || 'http://localhost:3000' }],
    },
  };
}
