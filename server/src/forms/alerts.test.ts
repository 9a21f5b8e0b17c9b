import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import type { ContactRequest } from '@kb/contracts';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testConfig } from '../testing/app';
import { createAlertNotifier, retryDelayMs, type AlertNotifier } from './alerts';
import { alertState, listContacts } from './repository';

/** A local SMTP server on a free port that keeps what it receives; `refuse` makes it reject mails. */
interface Mailbox {
  url: string;
  received: { to: string[]; data: string }[];
  refuse: boolean;
  close(): Promise<void>;
}

async function startMailbox(): Promise<Mailbox> {
  const box: Mailbox = { url: '', received: [], refuse: false, close: () => Promise.resolve() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (box.refuse) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        box.received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  box.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  box.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return box;
}

/** The text of a quoted-printable body (what a mail client would show). */
function decodeQuotedPrintable(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}/.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

const message: ContactRequest = {
  firstName: 'Mehmet',
  lastName: 'Öztürk',
  companyName: 'Çağlayan Yayınları',
  phone: '+90 532 123 45 67',
  email: 'mehmet@example.org',
  category: 'data-sharing',
  description: 'We would like to share our archive of articles with the institute.',
};

describe.each(testBackends)('staff alerts for contact messages ($name)', (backend) => {
  let db: Database;
  let mailbox: Mailbox;
  let alerts: AlertNotifier;
  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
    mailbox = await startMailbox();
  }, 60_000);
  afterAll(async () => {
    await mailbox.close();
    await db.close();
  });
  beforeEach(async () => {
    await db.exec('DELETE FROM contact_messages');
    mailbox.received.length = 0;
    mailbox.refuse = false;
  });
  afterEach(async () => {
    await alerts.stop();
  });

  function site(env: Record<string, string>): ReturnType<typeof createApp> {
    const config = testConfig({ RATE_LIMIT_FORMS_PER_MINUTE: '1000', ...env });
    alerts = createAlertNotifier({ db, config: config.forms, logger: createLogger('silent') });
    return createApp({ config, db, logger: createLogger('silent'), alerts });
  }

  it('mails each new message to CONTACT_NOTIFY_TO, with the visitor as Reply-To', async () => {
    const app = site({ SMTP_URL: mailbox.url, CONTACT_NOTIFY_TO: 'staff@institute.example' });
    expect((await request(app).post('/api/contact').send(message)).body).toEqual({ success: true });
    await alerts.deliverDue();
    expect(mailbox.received).toHaveLength(1);
    const mail = mailbox.received[0];
    expect(mail?.to).toEqual(['staff@institute.example']);
    expect(mail?.data).toMatch(/^Subject: =\?UTF-8\?Q\?=5BContact=5D_Data_Sharing=3A_Mehmet_/m);
    expect(mail?.data).toMatch(/^Reply-To: mehmet@example\.org/m);
    const body = decodeQuotedPrintable(mail?.data ?? '');
    expect(body).toContain('We would like to share our archive of articles with the institute.');
    expect(body).toContain('Company:  Çağlayan Yayınları');
    expect(body).toContain('Phone:    +90 532 123 45 67');
    const [stored] = await listContacts(db);
    expect(await alertState(db, stored?.id ?? 0)).toEqual({ state: 'sent', attempts: 1, error: null });
  });

  it('keeps the message when the mail fails, and retries it later', async () => {
    mailbox.refuse = true;
    const app = site({ SMTP_URL: mailbox.url, CONTACT_NOTIFY_TO: 'staff@institute.example' });
    expect((await request(app).post('/api/contact').send(message)).body).toEqual({ success: true });
    await alerts.deliverDue();
    const [stored] = await listContacts(db);
    expect(stored).toMatchObject(message);
    expect(await alertState(db, stored?.id ?? 0)).toEqual({ state: 'pending', attempts: 1, error: expect.stringMatching(/Mailbox unavailable/) });

    mailbox.refuse = false;
    expect(await alerts.deliverDue()).toEqual({ sent: 0, failed: 0 }); // not due again yet
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(await alerts.deliverDue(later)).toEqual({ sent: 1, failed: 0 });
    expect(mailbox.received).toHaveLength(1);
    expect(await alertState(db, stored?.id ?? 0)).toEqual({ state: 'sent', attempts: 2, error: null });
  });

  it('keeps the message when the SMTP server cannot be reached', async () => {
    const closed = await startMailbox();
    const url = closed.url;
    await closed.close();
    const app = site({ SMTP_URL: url, CONTACT_NOTIFY_TO: 'staff@institute.example' });
    expect((await request(app).post('/api/contact').send(message)).body).toEqual({ success: true });
    // The attempt the submission started and this one run one after the other, in either order:
    // one of them fails, the other finds nothing due.
    expect((await alerts.deliverDue()).sent).toBe(0);
    const [stored] = await listContacts(db);
    expect(await alertState(db, stored?.id ?? 0)).toMatchObject({ state: 'pending', attempts: 1, error: expect.any(String) });
  });

  it('sends nothing without SMTP_URL and CONTACT_NOTIFY_TO', async () => {
    const app = site({});
    expect((await request(app).post('/api/contact').send(message)).body).toEqual({ success: true });
    expect(alerts.enabled).toBe(false);
    expect(await alerts.deliverDue()).toEqual({ sent: 0, failed: 0 });
    const [stored] = await listContacts(db);
    expect(await alertState(db, stored?.id ?? 0)).toEqual({ state: 'off', attempts: 0, error: null });
  });
});

describe('the retry delay', () => {
  it('doubles from 30 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(50)).toBe(3_600_000);
  });
});
