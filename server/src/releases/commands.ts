import { AdminCommandError, type AdminArgs, type AdminCommands } from '../admin/registry.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { createReleaseRegistry, ReleaseError } from './registry.js';

function text(args: AdminArgs, name: string, required: true): string;
function text(args: AdminArgs, name: string, required: false): string | undefined;
function text(args: AdminArgs, name: string, required: boolean): string | undefined {
  const v = args[name];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string' || v === '') throw new AdminCommandError(`"${name}" must be a non-empty string`);
  return v;
}

function flag(args: AdminArgs, name: string): boolean {
  const v = args[name];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw new AdminCommandError(`"${name}" must be true or false`);
  return v;
}

function count(args: AdminArgs, name: string, required: boolean): number | undefined {
  const v = args[name];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new AdminCommandError(`"${name}" must be a whole number (0 or more)`);
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
 * `remotes.list` `{ name? }` → releases; `remotes.publish` `{ name, baseUrl?, force? }` → the
 * release with `warnings`; `remotes.activate` `{ name, version, force? }` → `{ name, from, to,
 * changed, warnings }`, or with `percent` (1–99) a canary → `{ name, active, replaced, version,
 * percent, changed, warnings }`; `remotes.promote` `{ name }` → `{ from, to }` (the canary becomes
 * active); `remotes.rollback` `{ name }` → `{ from, to, canaryEnded }` (a running canary ends first); `remotes.history`
 * `{ name?, limit? }` → audit events, oldest first; `remotes.prune` `{ keep, name? }` →
 * `{ removed, protected }`. Changes are audited with the request's actor (the operator's OS
 * user). Refusals (unknown remote or version, a version published twice, no build, a release
 * failing verification, nothing to roll back to, a bad percentage, no canary to promote) are `AdminCommandError`s with a sentence for
 * the operator.
 *
 * @param deps.logger the server's log, where each change is written too
 */
export function registerReleaseCommands(
  commands: AdminCommands,
  deps: { db: Database; webRoot: string; releasesDir: string; logger?: Pick<Logger, 'info' | 'warn'> },
): void {
  const registry = createReleaseRegistry(deps);
  commands
    .register('remotes.list', {
      description: 'every release of every remote (or of one), newest first, and which is active',
      run: (args) => refusalsAsMessages(() => registry.list(text(args, 'name', false))),
    })
    .register('remotes.publish', {
      description: "verify a remote's current build and copy it into RELEASES_DIR (or record a verified copy at --base-url)",
      run: (args, { actor }) =>
        refusalsAsMessages(() =>
          registry.publish(text(args, 'name', true), { baseUrl: text(args, 'baseUrl', false), force: flag(args, 'force'), actor }),
        ),
    })
    .register('remotes.activate', {
      description: 'verify a published version and make it the active release of a remote (with percent: its canary)',
      run: (args, { actor }) => {
        const name = text(args, 'name', true);
        const version = text(args, 'version', true);
        const force = flag(args, 'force');
        const percent = count(args, 'percent', false);
        if (percent !== undefined) return refusalsAsMessages(() => registry.startCanary(name, version, percent, { force, actor }));
        return refusalsAsMessages(() => registry.activate(name, version, { force, actor }));
      },
    })
    .register('remotes.promote', {
      description: "make a remote's running canary its active release for every visitor",
      run: (args, { actor }) => refusalsAsMessages(() => registry.promote(text(args, 'name', true), { actor })),
    })
    .register('remotes.rollback', {
      description: "end a remote's running canary, else go back to the release that was active before the current one",
      run: (args, { actor }) => refusalsAsMessages(() => registry.rollback(text(args, 'name', true), { actor })),
    })
    .register('remotes.history', {
      description: 'the audit log of publish, activate, rollback and prune (of one remote, or all), oldest first',
      run: (args) => refusalsAsMessages(() => registry.history(text(args, 'name', false), count(args, 'limit', false))),
    })
    .register('remotes.prune', {
      description: 'remove releases beyond the newest --keep N, never the active, canary, rollback-target or recently active one',
      run: (args, { actor }) => {
        const keep = count(args, 'keep', true) ?? 0;
        return refusalsAsMessages(() => registry.prune({ keep, name: text(args, 'name', false), actor }));
      },
    });
}
