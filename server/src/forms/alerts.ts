import nodemailer from 'nodemailer';
import type { Database } from '../db/database.js';
import { withoutAddresses, type Logger } from '../logger.js';
import { alertsEnabled, type FormsConfig } from './config.js';
import { claimDueAlerts, markAlertFailed, markAlertSent, type StoredContact } from './repository.js';

/**
 * The optional staff alert: each new contact message mailed to the institute
 * (`SMTP_URL` + `CONTACT_NOTIFY_TO`). The message is stored first with its alert `pending`
 * (an outbox in `contact_messages`); this module sends due alerts and records the outcome, so
 * a failed mail never loses the message and is retried with a growing delay.
 */

/** One mail to send. */
export interface AlertMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

/** Sends mails; {@link smtpSender} in production, a stand-in in some tests. */
export interface MailSender {
  /** Resolves when the SMTP server accepted the mail; rejects with its error otherwise. */
  send(mail: AlertMail): Promise<void>;
  close(): void;
}

/**
 * A {@link MailSender} over nodemailer's SMTP transport.
 *
 * @param smtpUrl `smtp://host:port`, `smtps://user:pass@host:465`, … (nodemailer's URL form)
 */
export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}

/** Delay before retry number `attempts + 1` (ms): 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** How long a claimed alert is reserved for its sender before another may try (ms). */
const LEASE_MS = 5 * 60_000;
/** How often due alerts (retries) are looked for (ms). */
const POLL_MS = 30_000;

const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  'bug-report': 'Report Bug',
  'become-volunteer': 'Become Volunteer',
  feedback: 'Give Feedback',
  'data-sharing': 'Data Sharing',
};

const oneLine = (s: string): string => s.replace(/[\r\n\t]+/g, ' ').trim();

/** The alert mail for one stored message: plain text, the visitor as Reply-To. */
export function alertMail(message: StoredContact, from: string, to: string): AlertMail {
  const category = CATEGORY_LABELS[message.category] ?? message.category;
  const name = oneLine(`${message.firstName} ${message.lastName}`).slice(0, 120);
  const lines = [
    `A visitor sent a message through the contact form (#${message.id}, ${message.createdAt}).`,
    '',
    `Category: ${category}`,
    `Name:     ${message.firstName} ${message.lastName}`,
    `Company:  ${message.companyName || '—'}`,
    `Phone:    ${message.phone || '—'}`,
    `E-mail:   ${message.email}`,
    '',
    message.description,
    '',
    '-- ',
    'Reply to this mail to answer the visitor. The message is stored on the site; it is deleted',
    'after the retention period, or at once with `npm run forms -- delete <email>`.',
  ];
  return { from, to, replyTo: message.email, subject: `[Contact] ${category}: ${name}`, text: lines.join('\n') };
}

/** Sends the staff alerts of stored contact messages. */
export interface AlertNotifier {
  /** Whether alerts are configured; when false every method is a no-op. */
  readonly enabled: boolean;
  /** Looks for due alerts soon (after a new message was stored). Never throws. */
  kick(): void;
  /**
   * Sends every alert due at `now` (default: the current time), one attempt each.
   * @returns how many were sent and how many failed (and are scheduled again)
   */
  deliverDue(now?: Date): Promise<{ sent: number; failed: number }>;
  /** Starts the periodic look for due retries (every 30 s; the timer does not keep the process alive). */
  start(): void;
  /** Stops the timer, waits for a running delivery and closes the SMTP connection. */
  stop(): Promise<void>;
}

/** What {@link createAlertNotifier} needs. */
export interface AlertNotifierDeps {
  db: Database;
  config: FormsConfig;
  logger: Logger;
  /** Default: nodemailer over `config.smtpUrl`. */
  sender?: MailSender;
}

/**
 * The staff-alert sender. Each attempt claims due rows (`FOR UPDATE SKIP LOCKED`, so several
 * server instances never send one alert twice at once), mails them one by one and records
 * `sent`, or the error and the next attempt's time ({@link retryDelayMs}).
 */
export function createAlertNotifier(deps: AlertNotifierDeps): AlertNotifier {
  const { db, config, logger } = deps;
  const enabled = alertsEnabled(config);
  const to = config.notifyTo ?? '';
  const from = config.notifyFrom ?? to.split(',')[0]?.trim() ?? '';
  let sender: MailSender | undefined = deps.sender;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;

  const getSender = (): MailSender => {
    sender ??= smtpSender(config.smtpUrl ?? '');
    return sender;
  };

  async function deliver(now: Date): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const due = await claimDueAlerts(db, now, LEASE_MS, 10);
      if (due.length === 0) break;
      for (const message of due) {
        try {
          await getSender().send(alertMail(message, from, to));
          await markAlertSent(db, message.id);
          sent++;
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          const retryAt = new Date(now.getTime() + retryDelayMs(message.attempts));
          await markAlertFailed(db, message.id, text, retryAt);
          logger.warn({ messageId: message.id, attempts: message.attempts, retryAt, err: withoutAddresses(text) }, 'staff alert not sent; will retry');
          failed++;
        }
      }
    }
    return { sent, failed };
  }

  const deliverDue = (now: Date = new Date()): Promise<{ sent: number; failed: number }> => {
    if (!enabled) return Promise.resolve({ sent: 0, failed: 0 });
    // One delivery at a time per process; a caller arriving meanwhile runs after it.
    const previous = running ?? Promise.resolve({ sent: 0, failed: 0 });
    const next = previous.catch(() => undefined).then(() => deliver(now));
    running = next;
    void next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  };

  return {
    enabled,
    kick() {
      if (!enabled) return;
      deliverDue().catch((error: unknown) => logger.error({ err: error }, 'staff alert delivery failed'));
    },
    deliverDue,
    start() {
      if (!enabled || timer) return;
      timer = setInterval(() => this.kick(), POLL_MS);
      timer.unref();
      this.kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      sender?.close();
    },
  };
}
