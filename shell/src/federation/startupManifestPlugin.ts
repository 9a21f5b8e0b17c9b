import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeStartupManifest } from './startupRemoteList';

/**
 * Federation runtime plugin (registered in shell/webpack.config.js): a remote's manifest that
 * the entry script already asked for (startupRemoteList.ts) is handed to the runtime instead
 * of being fetched a second time. Anything else, and every later request, the runtime fetches
 * itself.
 */
export default function kbStartupManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'kb-startup-manifest',
    fetch(url) {
      return takeStartupManifest(url);
    },
  };
}
