import { AdminCommandError, type AdminArgs, type AdminCommands } from '../admin/registry.js';
import type { Database } from '../db/database.js';
import { createReleaseRegistry, ReleaseError } from './registry.js';

function text(args: AdminArgs, name: string, required: true): string;
function text(args: AdminArgs, name: string, required: false): string | undefined;
function text(args: AdminArgs, name: string, required: boolean): string | undefined {
  const v = args[name];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string' || v === '') throw new AdminCommandError(`"${name}" must be a non-empty string`);
  return v;
}

/** Runs a registry call, turning its refusals into messages the operator reads as they are. */
async function refusalsAsMessages<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ReleaseError) throw new AdminCommandError(error.message);
    throw error;
  }
}

/**
 * Adds the release registry's operator commands (`npm run remotes -- …`) to `commands`:
 * `remotes.list` `{ name? }` → releases; `remotes.publish` `{ name, baseUrl? }` → the release;
 * `remotes.activate` `{ name, version }`; `remotes.rollback` `{ name }` → `{ from, to }`.
 * Refusals (unknown remote or version, a version published twice, no build, nothing to roll
 * back to) are `AdminCommandError`s with a sentence for the operator.
 */
export function registerReleaseCommands(
  commands: AdminCommands,
  deps: { db: Database; webRoot: string; releasesDir: string },
): void {
  const registry = createReleaseRegistry(deps);
  commands
    .register('remotes.list', {
      description: 'every release of every remote (or of one), newest first, and which is active',
      run: (args) => refusalsAsMessages(() => registry.list(text(args, 'name', false))),
    })
    .register('remotes.publish', {
      description: "copy a remote's current build into RELEASES_DIR (or record a copy at --base-url)",
      run: (args) =>
        refusalsAsMessages(() =>
          registry.publish(text(args, 'name', true), { baseUrl: text(args, 'baseUrl', false) }),
        ),
    })
    .register('remotes.activate', {
      description: 'make a published version the active release of a remote',
      run: async (args) => {
        const name = text(args, 'name', true);
        const version = text(args, 'version', true);
        await refusalsAsMessages(() => registry.activate(name, version));
        return { name, version };
      },
    })
    .register('remotes.rollback', {
      description: 'go back to the release that was active before the current one',
      run: (args) => refusalsAsMessages(() => registry.rollback(text(args, 'name', true))),
    });
}
