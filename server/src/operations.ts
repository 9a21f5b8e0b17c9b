import { AdminCommands, SERVER_DATABASE_COMMAND } from './admin/registry.js';
import { adminSocketPath, startAdminSocket, type AdminSocket } from './admin/socket.js';
import type { Config } from './config.js';
import { registerCorpusCommands } from './corpus/imports.js';
import { registerDbCommands } from './db/backup.js';
import type { Database } from './db/database.js';
import { registerEmbeddingCommands } from './embeddings/commands.js';
import { createAlertNotifier, type AlertNotifier } from './forms/alerts.js';
import { registerFormsCommands, startRetention } from './forms/commands.js';
import type { Logger } from './logger.js';
import { registerReleaseCommands } from './releases/commands.js';
import { describeDatabase } from './db/describe.js';

/**
 * The server's background duties besides HTTP: the admin socket with its command registry,
 * the forms' staff alerts (retry timer) and the daily deletion of contact messages past their
 * retention. Started by `main.ts` right after the migrations, so operator commands work while
 * the corpus still loads.
 *
 * This is part of the composition root: it alone knows every component's commands, so the
 * components import only `admin/registry.ts` and nothing in `admin/` imports them back.
 */
export interface Operations {
  /** The registry served on the admin socket; other components add their commands here. */
  readonly commands: AdminCommands;
  /** Staff alerts of contact messages, to pass to `createApp`. */
  readonly alerts: AlertNotifier;
  /** The admin socket, or undefined when it could not be opened (logged). */
  readonly socket: AdminSocket | undefined;
  /** Stops the timers, closes the socket (removing its file) and waits for a running alert. */
  stop(): Promise<void>;
}

/**
 * Starts the admin socket at `DATA_DIR/admin.sock` (mode 0600) with the forms' commands, the
 * staff-alert retries and the retention timer.
 *
 * A socket that cannot be opened (another server on the same `DATA_DIR` with a shared
 * `DATABASE_URL`, a path too long for a Unix socket) is logged and the server runs without it;
 * operator commands then connect to the database directly.
 */
export async function startOperations(deps: { config: Config; db: Database; logger: Logger }): Promise<Operations> {
  const { config, db, logger } = deps;
  const commands = new AdminCommands();
  registerFormsCommands(commands, { db, publicOrigin: config.publicOrigin });
  registerReleaseCommands(commands, { db, webRoot: config.webRoot, releasesDir: config.releasesDir, logger });
  registerCorpusCommands(commands, { db });
  registerDbCommands(commands, { db });
  registerEmbeddingCommands(commands, { db, config: config.embeddings });
  // Operator commands ask this first, so one configured for another database is refused.
  commands.register(SERVER_DATABASE_COMMAND, {
    description: 'which database this server uses',
    run: () => Promise.resolve({ database: describeDatabase(config) }),
  });
  let socket: AdminSocket | undefined;
  try {
    socket = await startAdminSocket({ socketPath: adminSocketPath(config.dataDir), commands, logger });
  } catch (error) {
    logger.warn({ err: error }, 'admin socket not opened; operator commands will open the database directly');
  }
  const alerts = createAlertNotifier({ db, config: config.forms, logger });
  alerts.start();
  const stopRetention = startRetention({ db, days: config.forms.retentionDays, logger });
  return {
    commands,
    alerts,
    socket,
    async stop() {
      stopRetention();
      await socket?.close();
      await alerts.stop();
    },
  };
}
