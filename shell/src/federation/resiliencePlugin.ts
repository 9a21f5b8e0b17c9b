import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Federation runtime plugin (registered in shell/webpack.config.js): where a remote fails
 * while the runtime loads it, this says once, in the console, which remote, at which step
 * and why, and lets the error reach the caller — `loadExposedPage` retries with back-off and
 * the `RemoteBoundary` shows the localized fallback. It never substitutes a module: a
 * missing section must look missing, not half-working.
 */
export default function kbResiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'kb-resilience',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] remote module "${id}" failed at ${lifecycle}:`, error);
      return undefined;
    },
  };
}
