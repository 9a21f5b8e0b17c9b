/**
 * Preloads the shell's start-up chunks from its `index.html`. The shell's code sits behind an
 * async boundary (`import('./bootstrap')`) so that the federation runtime can set up the
 * shared scope first; the browser therefore learns of the bootstrap chunk and of the shared
 * modules' chunks (React, the router, …) only once the entry script has run, one round trip
 * and one script evaluation after it could. This plugin lists those chunks at build time and
 * adds a `<link rel="preload" as="script">` for each, so they download beside the entry.
 *
 * Which chunks: the chunk group of the named async import (`webpackChunkName`), and, followed
 * transitively, the chunks of every shared module its modules consume, as the host provides them (its own
 * copies, which `shareStrategy: 'loaded-first'` uses at start-up). Chunks loaded later (lazy
 * routes) are left out, except the shared modules named in `alsoShared`: ones the shell itself
 * loads only after its first render but every first screen needs at once (react-toastify: the
 * forms remote's modules import it, and the shell's toast container loads it right after the
 * first render on every page). Only in production builds with HtmlWebpackPlugin.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

/** Module types of @module-federation/enhanced's shared-module consumer and provider. */
const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

class PreloadStartupChunksPlugin {
  /**
   * @param {{ chunkName: string, alsoShared?: string[] }} options the `webpackChunkName` of the
   *   start-up import, and share keys whose host copy is preloaded as well
   */
  constructor({ chunkName, alsoShared = [] }) {
    this.chunkName = chunkName;
    this.alsoShared = alsoShared;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunks', (data) => {
        const files = this.startupFiles(compilation);
        const base = compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath || '';
        const links = files.map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${base}${file}` }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }

  /** JavaScript files of the start-up chunk group, the shared modules it consumes and `alsoShared`'s. */
  startupFiles(compilation) {
    const group = compilation.namedChunkGroups.get(this.chunkName);
    if (!group) throw new Error(`PreloadStartupChunks: no chunk group named "${this.chunkName}"`);
    const { chunkGraph } = compilation;
    // A consumed module comes from the share scope, where the host registered its own copy:
    // the chunk to preload is the provider's, not the consumer's fallback (same code, other chunk).
    const providers = new Map();
    for (const module of compilation.modules) {
      if (module.type === PROVIDE_SHARED) providers.set(module._name, module);
    }
    const seen = new Set();
    const files = [];
    const visitBlocks = (module) => {
      for (const block of module.blocks) {
        const target = chunkGraph.getBlockChunkGroup(block);
        if (target) for (const c of target.chunks) visitChunk(c);
      }
    };
    const visitChunk = (chunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== CONSUME_SHARED) continue;
        visitBlocks(providers.get(module.options.shareKey) ?? module);
      }
    };
    for (const chunk of group.chunks) visitChunk(chunk);
    for (const key of this.alsoShared) {
      const provider = providers.get(key);
      if (!provider) throw new Error(`PreloadStartupChunks: the shell provides no shared "${key}"`);
      visitBlocks(provider);
    }
    return files.sort();
  }
}

module.exports = { PreloadStartupChunksPlugin };
