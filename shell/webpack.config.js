/**
 * The host. It knows no remote URL at build time: at start-up it fetches /remotes.json and
 * registers the remotes with the federation runtime (src/federation/remotes.ts).
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedScope, commonConfig } = require('../tooling/federation');
const { PreloadStartupChunksPlugin } = require('../tooling/preload-startup');

module.exports = (_env, argv) => {
  const mode = argv.mode || 'production';
  const production = mode === 'production';
  const common = commonConfig({ mode });
  return {
    ...common,
    context: __dirname,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      uniqueName: 'shell',
      clean: true,
    },
    plugins: [
      ...common.plugins,
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedScope(),
        // An unreachable remote must not block the shell's own shared modules.
        shareStrategy: 'loaded-first',
        runtimePlugins: [
          require.resolve('./src/federation/resiliencePlugin.ts'),
          // Hands the runtime the manifests the entry script asked for early.
          require.resolve('./src/federation/startupManifestPlugin.ts'),
        ],
        // The host exposes nothing, so it publishes no manifest.
        manifest: false,
        dts: false,
        // One federation runtime for the page, shared with the remotes (they build with externalRuntime).
        // `target: 'web'` leaves the runtime's Node.js code paths out of the browser bundle.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
      // The chunks behind the async boundary download beside the entry, not after it.
      ...(production ? [new PreloadStartupChunksPlugin({ chunkName: 'bootstrap' })] : []),
      new CopyPlugin({ patterns: [{ from: 'public', to: '.' }] }),
    ],
    devServer: {
      port: 3100,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/remotes', '/remotes.json', '/assistant'], target: process.env.KB_SERVER || 'http://localhost:3000' }],
    },
  };
};
