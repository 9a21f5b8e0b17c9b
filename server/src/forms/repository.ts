import type { ContactCategory } from '@kb/contracts';
import type { Queryable } from '../db/database.js';

/**
 * Data access for the forms (migration 0100_forms.sql): newsletter subscribers and contact
 * messages. Every function takes a {@link Queryable}, so callers decide the transaction.
 */

/** A contact message as stored; texts exactly as submitted (`''` for an optional field left empty). */
export interface StoredContact {
  id: number;
  /** When it was stored (ISO 8601, UTC). */
  createdAt: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  email: string;
  category: ContactCategory;
  description: string;
}

/** A newsletter subscriber as stored. */
export interface StoredSubscriber {
  email: string;
  /** The secret of the subscriber's unsubscribe link. */
  token: string;
  /** When the address subscribed (ISO 8601, UTC). */
  createdAt: string;
}

/** What a new contact message is stored with. */
export type NewContact = Omit<StoredContact, 'id' | 'createdAt'>;

/**
 * Stores a subscription unless the address (compared case-insensitively) is already subscribed.
 *
 * @param token the new subscriber's unsubscribe secret (ignored for an existing address)
 * @returns true when a row was added, false when the address was already there
 */
export async function insertSubscriber(db: Queryable, email: string, token: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO newsletter_subscribers (email, token) VALUES ($1, $2)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id::int AS id`,
    [email, token],
  );
  return rows.length > 0;
}

/** True when `token` belongs to a current subscriber. */
export async function subscriberTokenExists(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM newsletter_subscribers WHERE token = $1', [token]);
  return rows.length > 0;
}

/**
 * Removes the subscriber holding `token`.
 *
 * @returns true when one was removed; false for an unknown (or already used) token
 */
export async function deleteSubscriberByToken(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM newsletter_subscribers WHERE token = $1 RETURNING id', [token]);
  return rows.length > 0;
}

/**
 * Stores a contact message.
 *
 * @param notify whether a staff alert is to be sent for it (`pending`) or not (`off`)
 * @returns the new message's id
 */
export async function insertContact(db: Queryable, message: NewContact, notify: boolean): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO contact_messages
       (first_name, last_name, company_name, phone, email, category, description, notify_state, notify_next_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8 = 'pending' THEN now() END)
     RETURNING id::int AS id`,
    [
      message.firstName,
      message.lastName,
      message.companyName,
      message.phone,
      message.email,
      message.category,
      message.description,
      notify ? 'pending' : 'off',
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('INSERT … RETURNING gave no row');
  return id;
}

const CONTACT_COLUMNS = `id::int AS "id",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  first_name AS "firstName", last_name AS "lastName", company_name AS "companyName",
  phone, email, category, description`;

/**
 * Contact messages stored at or after `since` (all when undefined), oldest first.
 */
export async function listContacts(db: Queryable, since?: Date): Promise<StoredContact[]> {
  return db.query<StoredContact>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_messages
     WHERE $1::timestamptz IS NULL OR created_at >= $1::timestamptz ORDER BY id`,
    [since?.toISOString() ?? null],
  );
}

/** Subscribers who subscribed at or after `since` (all when undefined), oldest first. */
export async function listSubscribers(db: Queryable, since?: Date): Promise<StoredSubscriber[]> {
  return db.query<StoredSubscriber>(
    `SELECT email, token,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
     FROM newsletter_subscribers
     WHERE $1::timestamptz IS NULL OR created_at >= $1::timestamptz ORDER BY id`,
    [since?.toISOString() ?? null],
  );
}

/**
 * Erases everything stored about one address (compared case-insensitively): its subscription
 * and its contact messages.
 *
 * @returns how many rows of each kind were removed
 */
export async function deleteByEmail(db: Queryable, email: string): Promise<{ subscriptions: number; messages: number }> {
  const subs = await db.query('DELETE FROM newsletter_subscribers WHERE lower(email) = lower($1) RETURNING id', [email]);
  const msgs = await db.query('DELETE FROM contact_messages WHERE lower(email) = lower($1) RETURNING id', [email]);
  return { subscriptions: subs.length, messages: msgs.length };
}

/**
 * Deletes contact messages stored before `before`.
 *
 * @returns the number of messages deleted
 */
export async function deleteContactsBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM contact_messages WHERE created_at < $1::timestamptz RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [before.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** A contact message whose staff alert is due, claimed for one sending attempt. */
export interface DueAlert extends StoredContact {
  /** Attempts made so far, this one included. */
  attempts: number;
}

/**
 * Claims up to `limit` pending alerts due at `now`: each claimed row's next attempt is pushed
 * to `now + leaseMs` (so another server instance does not send it meanwhile) and its attempt
 * count raised. Rows locked by another claimer are skipped.
 */
export async function claimDueAlerts(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<DueAlert[]> {
  return db.query<DueAlert>(
    `UPDATE contact_messages SET
       notify_attempts = notify_attempts + 1,
       notify_next_at = $1::timestamptz + make_interval(secs => $2::float8 / 1000)
     WHERE id IN (
       SELECT id FROM contact_messages
       WHERE notify_state = 'pending' AND notify_next_at <= $1::timestamptz
       ORDER BY notify_next_at, id LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING ${CONTACT_COLUMNS}, notify_attempts AS attempts`,
    [now.toISOString(), leaseMs, limit],
  );
}

/** Marks a message's alert as sent. */
export async function markAlertSent(db: Queryable, id: number): Promise<void> {
  await db.query("UPDATE contact_messages SET notify_state = 'sent', notify_next_at = NULL, notify_error = NULL WHERE id = $1", [id]);
}

/** Records a failed attempt and when to try again. */
export async function markAlertFailed(db: Queryable, id: number, error: string, retryAt: Date): Promise<void> {
  await db.query('UPDATE contact_messages SET notify_error = $2, notify_next_at = $3::timestamptz WHERE id = $1', [
    id,
    error.slice(0, 1000),
    retryAt.toISOString(),
  ]);
}

/** Alert state of one message (tests and operators). */
export async function alertState(
  db: Queryable,
  id: number,
): Promise<{ state: 'off' | 'pending' | 'sent'; attempts: number; error: string | null } | undefined> {
  const rows = await db.query<{ state: 'off' | 'pending' | 'sent'; attempts: number; error: string | null }>(
    'SELECT notify_state AS state, notify_attempts AS attempts, notify_error AS error FROM contact_messages WHERE id = $1',
    [id],
  );
  return rows[0];
}
