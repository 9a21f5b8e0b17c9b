import crypto from 'node:crypto';
import { ValidationError, type ObjectSchema } from 'yup';
import {
  contactSchema,
  FORM_MESSAGES,
  HONEYPOT_FIELD,
  isFormMessageKey,
  newsletterSchema,
  type ContactRequest,
  type NewsletterRequest,
} from '@kb/contracts';
import type { Database } from '../db/database.js';
import type { AlertNotifier } from './alerts.js';
import { insertContact, insertSubscriber } from './repository.js';

/**
 * The forms' rules: validation with the shared schemas of `@kb/contracts`, the honeypot, and
 * storage in a transaction (the route answers `success: true` only after it committed).
 */

/** Result of {@link validateForm}. */
export type Validated<T> =
  | { ok: true; value: T }
  | { ok: false; error: string; fields: Record<string, string> };

function unknownFields(error: ValidationError): string[] {
  const unknown: unknown = error.params?.unknown;
  return typeof unknown === 'string' ? unknown.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

/**
 * Checks a request body against a form schema, strictly: no type coercion, no unknown fields.
 *
 * @param schema `newsletterSchema` or `contactSchema`
 * @param body   the parsed JSON body (any JSON value)
 * @param what   the form's name for the summary, e.g. `contact message`
 * @returns the value, or an English summary and the first problem of each field,
 *   `{ field: 'Maximum 50 characters' }` (SPEC.md §5 wording)
 */
export function validateForm<T extends object>(schema: ObjectSchema<T>, body: unknown, what: string): Validated<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: `The ${what} must be a JSON object`, fields: {} };
  }
  try {
    const value = schema.validateSync(body, { strict: true, abortEarly: false, stripUnknown: false });
    return { ok: true, value: value as T };
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const fields: Record<string, string> = {};
    for (const e of error.inner.length > 0 ? error.inner : [error]) {
      const key: unknown = e.message;
      const text = isFormMessageKey(key) ? FORM_MESSAGES.en[key] : String(key);
      const names = key === 'unknownField' ? unknownFields(e) : [e.path ?? ''];
      for (const name of names) fields[name] ??= text;
    }
    return { ok: false, error: `Invalid ${what}: ${Object.keys(fields).join(', ')}`, fields };
  }
}

/** True when the honeypot field holds anything but blanks: the sender is a bot. */
export function filledHoneypot(value: { [HONEYPOT_FIELD]?: string }): boolean {
  return (value[HONEYPOT_FIELD] ?? '').trim() !== '';
}

/** A new unguessable unsubscribe secret: 32 random bytes, base64url (43 characters). */
export function newUnsubscribeToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The unsubscribe link of a subscriber, for the institute's mailings.
 *
 * @param publicOrigin the site's origin (`PUBLIC_ORIGIN`)
 */
export function unsubscribeUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Validates a `POST /api/newsletter` body (the address is trimmed first, as the form does).
 */
export function validateNewsletter(body: unknown): Validated<NewsletterRequest> {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const email: unknown = (body as { email?: unknown }).email;
    if (typeof email === 'string') body = { ...body, email: email.trim() };
  }
  return validateForm(newsletterSchema, body, 'subscription');
}

/** Validates a `POST /api/contact` body. */
export function validateContact(body: unknown): Validated<ContactRequest> {
  return validateForm(contactSchema, body, 'contact message');
}

/**
 * Stores a subscription (committed before it resolves). An address already subscribed,
 * in any letter case, is left as it is.
 *
 * @returns `added` or `existing`
 * @throws the database's error when it cannot be stored
 */
export async function subscribe(db: Database, request: NewsletterRequest): Promise<'added' | 'existing'> {
  const added = await db.transaction((tx) => insertSubscriber(tx, request.email, newUnsubscribeToken()));
  return added ? 'added' : 'existing';
}

/**
 * Stores a contact message exactly as submitted (committed before it resolves), then asks the
 * notifier to mail the staff alert, which happens after and apart from the answer.
 *
 * @returns the stored message's id
 * @throws the database's error when it cannot be stored
 */
export async function submitContact(db: Database, request: ContactRequest, notifier: AlertNotifier): Promise<number> {
  const id = await db.transaction((tx) =>
    insertContact(
      tx,
      {
        firstName: request.firstName,
        lastName: request.lastName,
        companyName: request.companyName ?? '',
        phone: request.phone ?? '',
        email: request.email,
        category: request.category,
        description: request.description,
      },
      notifier.enabled,
    ),
  );
  notifier.kick();
  return id;
}
