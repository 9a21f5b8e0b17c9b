/**
 * A monolithic build of the site for the benchmark (bench/pages.mjs): the shell and the
 * remotes' exposed modules in one webpack build, no Module Federation. It reuses the shell's
 * sources, HTML template and public files and the common build settings
 * (tooling/federation.js `commonConfig`, precompressed copies included), and swaps the shell's
 * remote loader for bench/monolith/remotes.ts, which imports the exposed modules statically.
 * Output: `BENCH_MONOLITH_OUT/shell/dist` (a scratch folder), laid out like the real shell build.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { commonConfig, repoRoot } = require('../../tooling/federation');

module.exports = (_env, argv) => {
  const mode = argv.mode || 'production';
  const out = process.env.BENCH_MONOLITH_OUT;
  if (!out) throw new Error('BENCH_MONOLITH_OUT (the scratch output folder) is required');
  const shell = path.join(repoRoot, 'shell');
  const common = commonConfig({ mode });
  return {
    ...common,
    name: 'monolith',
    context: shell,
    // No async boundary: there is no shared scope to negotiate.
    entry: { main: './src/bootstrap.tsx' },
    resolve: {
      ...common.resolve,
      alias: { [path.join(shell, 'src', 'federation', 'remotes.ts')]: path.join(__dirname, 'remotes.ts') },
    },
    output: {
      path: path.join(out, 'shell', 'dist'),
      publicPath: '/',
      filename: 'static/js/[name].[contenthash:8].js',
      chunkFilename: 'static/js/[name].[contenthash:8].js',
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      uniqueName: 'monolith',
      clean: true,
    },
    plugins: [
      ...common.plugins,
      new webpack.DefinePlugin({ __REMOTE_VERSION__: JSON.stringify('monolith'), __REMOTE_BUILD_LABEL__: JSON.stringify('') }),
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
      new CopyPlugin({ patterns: [{ from: 'public', to: '.' }] }),
    ],
  };
};
