/**
 * The `assistant` remote: exposes /chat, /search and /preview, and builds the assistant frame
 * app (a page of its own, served at /assistant/<version>/index.html and, for the active
 * release, /assistant/index.html) into dist/assistant/ so that it is published together with
 * the remote.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { remoteConfig, commonConfig } = require('../tooling/federation');
const { FRAME_RENDERER } = require('../tooling/frame-renderer');

module.exports = (_env, argv) => {
  const mode = argv.mode || 'production';
  const remote = remoteConfig({
    name: 'assistant',
    dir: __dirname,
    exposes: {
      './ChatPage': './src/chat/ChatPage.tsx',
      './SearchPage': './src/search/SearchPage.tsx',
      './PreviewPage': './src/preview/PreviewPage.tsx',
    },
    devPort: 3102,
    mode,
  });
  remote.output.clean = { keep: /^assistant\// };
  // The PDF.js worker (*.mjs, 1.2 MB) ships already minified: minifying it again costs a minute.
  remote.optimization = { minimizer: [new TerserPlugin({ exclude: /\.mjs$/ })] };
  const production = mode === 'production';
  // The frame follows its release: a page loads /assistant/<version>/index.html, whose files are
  // that release's own (a canary's frame beside the active one). /assistant/index.html, the
  // active release's page for tabs opened before, names the versioned files too. Development
  // uses the site's active frame through the dev server's proxy.
  const version = process.env.MF_BUILD_VERSION;
  const framePublicPath = production ? `/assistant/${version}/` : '/assistant/';
  remote.plugins.push(new webpack.DefinePlugin({ __ASSISTANT_FRAME_SRC__: JSON.stringify(`${framePublicPath}index.html`) }));
  const common = commonConfig({ mode });
  const frame = {
    ...common,
    name: 'assistant-frame',
    context: __dirname,
    entry: { frame: './src/frame/main.tsx' },
    // The frame is a document of its own (it shares nothing with the page), so it can render
    // through Preact's compat layer: the same React API in 87 KB of script instead of 283 KB
    // (docs/performance.md, "The frame on Preact"). Its jest project maps the same modules
    // (tooling/frame-renderer.js).
    resolve: {
      ...common.resolve,
      alias: {
        ...common.resolve.alias,
        ...Object.fromEntries(Object.entries(FRAME_RENDERER).map(([request, module]) => [`${request}$`, module])),
      },
    },
    output: {
      path: path.join(__dirname, 'dist', 'assistant'),
      publicPath: framePublicPath,
      filename: production ? 'static/[name].[contenthash:8].js' : 'static/[name].js',
      chunkFilename: production ? 'static/[name].[contenthash:8].js' : 'static/[name].js',
      clean: true,
    },
    module: {
      ...common.module,
      rules: [
        ...common.module.rules,
        // The Arabic font (src/shared/arabicFont.ts): copied under a content hash, cached as immutable.
        {
          test: /\.woff2$/,
          type: 'asset/resource',
          generator: { filename: production ? 'static/[name].[contenthash:8][ext]' : 'static/[name][ext]' },
        },
      ],
    },
    plugins: [
      ...common.plugins,
      new webpack.DefinePlugin({ __REMOTE_VERSION__: JSON.stringify(process.env.MF_BUILD_VERSION) }),
      new HtmlWebpackPlugin({ template: './src/frame/index.html', scriptLoading: 'defer' }),
    ],
  };
  return [remote, frame];
};
