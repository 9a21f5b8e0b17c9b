import { AdminCommandError, type AdminArgs, type AdminCommands } from '../admin/registry.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { deleteByEmail, deleteContactsBefore, listContacts, listSubscribers } from './repository.js';
import { unsubscribeUrl } from './service.js';

/**
 * The forms' operator commands (`npm run forms -- …`), registered on the admin socket:
 * `forms.export`, `forms.delete`, `forms.purge`. They run in the server when it runs, else in
 * the CLI's own process under the data folder's lock; the result is the same.
 */

/** Export formats. */
export type ExportFormat = 'csv' | 'json';
/** What can be exported. */
export type ExportKind = 'contacts' | 'subscribers';

const CONTACT_COLUMNS = ['id', 'createdAt', 'firstName', 'lastName', 'companyName', 'phone', 'email', 'category', 'description'] as const;
const SUBSCRIBER_COLUMNS = ['email', 'subscribedAt', 'unsubscribeUrl'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell that a
 * spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return)
 * is neutralized with a leading `'`.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text: a UTF-8 byte-order mark (for spreadsheets), a header row, CRLF line ends. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, string | number>[]): string {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => csvCell(row[c] ?? '')).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The rows of an export: contact messages as stored, or subscribers with their unsubscribe
 * URL (for the institute's mailings). One SQL statement each, so the export is one consistent
 * snapshot; writes that commit meanwhile are in the next export.
 *
 * @param since only rows stored at or after this time
 */
export async function exportRows(
  db: Database,
  kind: ExportKind,
  publicOrigin: string,
  since?: Date,
): Promise<Record<string, string | number>[]> {
  if (kind === 'contacts') {
    return (await listContacts(db, since)).map((c) => Object.fromEntries(CONTACT_COLUMNS.map((k) => [k, c[k]])));
  }
  return (await listSubscribers(db, since)).map((s) => ({
    email: s.email,
    subscribedAt: s.createdAt,
    unsubscribeUrl: unsubscribeUrl(publicOrigin, s.token),
  }));
}

/**
 * The export as text: JSON (an array of objects, two-space indented, every text exactly as
 * stored) or CSV ({@link toCsv}).
 */
export async function exportText(db: Database, kind: ExportKind, format: ExportFormat, publicOrigin: string, since?: Date): Promise<string> {
  const rows = await exportRows(db, kind, publicOrigin, since);
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  return toCsv(kind === 'contacts' ? CONTACT_COLUMNS : SUBSCRIBER_COLUMNS, rows);
}

function stringArg(args: AdminArgs, name: string): string | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new AdminCommandError(`"${name}" must be text`);
  return v;
}

/** Parses `--since`: a date (`2025-01-31`, UTC midnight) or an ISO 8601 date-time. */
export function parseSince(raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime())) {
    throw new AdminCommandError(`--since must be a date like 2025-01-31 or 2025-01-31T12:00:00Z, got "${raw}"`);
  }
  return date;
}

/**
 * Deletes contact messages older than `days` days.
 * @returns how many were deleted
 */
export async function purgeContacts(db: Database, days: number, now: Date = new Date()): Promise<number> {
  return db.transaction((tx) => deleteContactsBefore(tx, new Date(now.getTime() - days * 86_400_000)));
}

/**
 * Registers `forms.export`, `forms.delete` and `forms.purge`.
 *
 * - `forms.export` `{ kind: 'contacts'|'subscribers', format?: 'csv'|'json', since?: DATE }` →
 *   `{ text }`, the file's content;
 * - `forms.delete` `{ email }` → `{ subscriptions, messages }` erased (case-insensitive match);
 * - `forms.purge` `{ olderThanDays }` → `{ messages }` deleted.
 */
export function registerFormsCommands(commands: AdminCommands, deps: { db: Database; publicOrigin: string }): void {
  const { db, publicOrigin } = deps;
  commands.register('forms.export', {
    description: 'export contacts|subscribers as csv or json (args: kind, format, since)',
    async run(args) {
      const kind = stringArg(args, 'kind');
      if (kind !== 'contacts' && kind !== 'subscribers') throw new AdminCommandError('export what? "contacts" or "subscribers"');
      const format = stringArg(args, 'format') ?? 'csv';
      if (format !== 'csv' && format !== 'json') throw new AdminCommandError('--format must be csv or json');
      return { text: await exportText(db, kind, format, publicOrigin, parseSince(stringArg(args, 'since'))) };
    },
  });
  commands.register('forms.delete', {
    description: "erase one person's subscription and contact messages (args: email)",
    async run(args) {
      const email = stringArg(args, 'email')?.trim();
      if (!email || !email.includes('@')) throw new AdminCommandError('delete whom? give an e-mail address');
      return db.transaction((tx) => deleteByEmail(tx, email));
    },
  });
  commands.register('forms.purge', {
    description: 'delete contact messages older than a number of days (args: olderThanDays)',
    async run(args) {
      const days = args.olderThanDays;
      if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) {
        throw new AdminCommandError('--older-than must be a whole number of days');
      }
      return { messages: await purgeContacts(db, days) };
    },
  });
}

/**
 * Deletes contact messages older than `days` now and then once a day (the privacy notice's
 * promise); 0 days turns it off. The timer does not keep the process alive.
 *
 * @returns a function that stops it
 */
export function startRetention(deps: { db: Database; days: number; logger: Logger }): () => void {
  const { db, days, logger } = deps;
  if (days === 0) return () => undefined;
  const run = (): void => {
    purgeContacts(db, days)
      .then((n) => {
        if (n > 0) logger.info({ messages: n, days }, 'old contact messages deleted');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'deleting old contact messages failed'));
  };
  run();
  const timer = setInterval(run, 86_400_000);
  timer.unref();
  return () => clearInterval(timer);
}
