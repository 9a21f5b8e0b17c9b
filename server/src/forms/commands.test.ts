import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ContactRequest } from '@kb/contracts';
import { AdminCommands, AdminCommandError } from '../admin/registry';
import { adminSocketPath, callAdmin, startAdminSocket } from '../admin/socket';
import { runOperatorCommand } from '../cli/operator';
import type { Database } from '../db/database';
import { DataDirLockedError } from '../db/lock';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createLogger } from '../logger';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { csvCell, registerFormsCommands, toCsv } from './commands';

const ORIGIN = 'https://kb.example.org';

const message: ContactRequest = {
  firstName: 'Zeynep',
  lastName: 'Çelik',
  companyName: '=HYPERLINK("http://evil.example","click")',
  phone: '+90 (212) 555-01-99',
  email: 'zeynep@example.org',
  category: 'bug-report',
  description: 'Line one, "quoted"\r\nline two <script>alert(1)</script> İıĞğŞş 🌙',
};

describe('CSV cells', () => {
  it('neutralizes cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+90 532', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+90 532",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
  });
  it('quotes quotes, commas and line breaks (RFC 4180) and leaves the rest', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Çağlayan')).toBe('Çağlayan');
    expect(csvCell(-3)).toBe('-3');
    expect(toCsv(['a', 'b'], [{ a: 1, b: '=x' }])).toBe("\uFEFFa,b\r\n1,'=x\r\n");
  });
});

describe.each(testBackends)('the forms operator commands ($name)', (backend) => {
  let db: Database;
  const commands = new AdminCommands();
  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
    registerFormsCommands(commands, { db, publicOrigin: ORIGIN });
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec('DELETE FROM contact_messages; DELETE FROM newsletter_subscribers;');
  });

  const site = () => testApp(db, { RATE_LIMIT_FORMS_PER_MINUTE: '100000', PUBLIC_ORIGIN: ORIGIN });
  const exported = async (kind: string, format: string, since?: string): Promise<string> =>
    ((await commands.run('forms.export', { kind, format, since })) as { text: string }).text;

  it('exports contacts as byte-exact JSON and as CSV with neutralized formulas', async () => {
    await request(site()).post('/api/contact').send(message);
    const json = await exported('contacts', 'json');
    const rows = JSON.parse(json) as Record<string, unknown>[];
    expect(rows).toEqual([{ id: expect.any(Number), createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), ...message }]);
    expect(json).toContain(JSON.stringify(message.description));

    const csv = await exported('contacts', 'csv');
    const [header, ...rest] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('id,createdAt,firstName,lastName,companyName,phone,email,category,description');
    const line = rest.join('\r\n');
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain("'+90 (212) 555-01-99");
    expect(line).toContain('"Line one, ""quoted""\r\nline two <script>alert(1)</script> İıĞğŞş 🌙"');
  });

  it('exports subscribers with their unsubscribe URL, since a date', async () => {
    await request(site()).post('/api/newsletter').send({ email: 'old@example.org' });
    await db.query("UPDATE newsletter_subscribers SET created_at = '2024-01-01T00:00:00Z'");
    await request(site()).post('/api/newsletter').send({ email: 'New@Example.org' });
    const all = JSON.parse(await exported('subscribers', 'json')) as { email: string; unsubscribeUrl: string }[];
    expect(all.map((s) => s.email)).toEqual(['old@example.org', 'New@Example.org']);
    expect(all[1]?.unsubscribeUrl).toMatch(/^https:\/\/kb\.example\.org\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    const recent = JSON.parse(await exported('subscribers', 'json', '2025-01-01')) as { email: string }[];
    expect(recent.map((s) => s.email)).toEqual(['New@Example.org']);
    const page = await request(site()).get(new URL(all[1]?.unsubscribeUrl ?? '').pathname + new URL(all[1]?.unsubscribeUrl ?? '').search);
    expect(page.status).toBe(200);
    await expect(commands.run('forms.export', { kind: 'subscribers', since: 'last week' })).rejects.toThrow(AdminCommandError);
    await expect(commands.run('forms.export', { kind: 'everything' })).rejects.toThrow(/contacts" or "subscribers/);
  });

  it("deletes one person's subscription and messages, whatever the letter case", async () => {
    await request(site()).post('/api/newsletter').send({ email: 'Zeynep@Example.org' });
    await request(site()).post('/api/newsletter').send({ email: 'other@example.org' });
    await request(site()).post('/api/contact').send(message);
    await request(site()).post('/api/contact').send(message);
    await request(site()).post('/api/contact').send({ ...message, email: 'other@example.org' });
    expect(await commands.run('forms.delete', { email: 'ZEYNEP@example.org' })).toEqual({ subscriptions: 1, messages: 2 });
    const left = JSON.parse(await exported('contacts', 'json')) as { email: string }[];
    expect(left.map((m) => m.email)).toEqual(['other@example.org']);
    expect((JSON.parse(await exported('subscribers', 'json')) as { email: string }[]).map((s) => s.email)).toEqual(['other@example.org']);
  });

  it('purges contact messages older than the given days', async () => {
    await request(site()).post('/api/contact').send(message);
    await request(site()).post('/api/contact').send({ ...message, email: 'recent@example.org' });
    await db.query("UPDATE contact_messages SET created_at = now() - interval '400 days' WHERE email = $1", [message.email]);
    expect(await commands.run('forms.purge', { olderThanDays: 365 })).toEqual({ messages: 1 });
    expect((JSON.parse(await exported('contacts', 'json')) as { email: string }[]).map((m) => m.email)).toEqual(['recent@example.org']);
    await expect(commands.run('forms.purge', { olderThanDays: -1 })).rejects.toThrow(AdminCommandError);
  });

  it('takes an export through the admin socket while writes are running, and loses none of them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-export-'));
    const socket = await startAdminSocket({ socketPath: adminSocketPath(dir), commands, logger: createLogger('silent') });
    try {
      const app = site();
      const writes = Array.from({ length: 40 }, (_, i) =>
        request(app)
          .post('/api/contact')
          .send({ ...message, description: `Concurrent message number ${i}` })
          .then((res) => res),
      );
      const during = callAdmin(socket.path, 'forms.export', { kind: 'contacts', format: 'json' });
      const answers = await Promise.all(writes);
      const snapshot = JSON.parse(((await during) as { text: string }).text) as { description: string }[];
      const acknowledged = answers.filter((r) => r.body.success === true).length;
      expect(acknowledged).toBe(40);
      for (const row of snapshot) expect(row.description).toMatch(/^Concurrent message number \d+$/);
      const after = JSON.parse(((await callAdmin(socket.path, 'forms.export', { kind: 'contacts', format: 'json' })) as { text: string }).text) as {
        description: string;
      }[];
      expect(new Set(after.map((r) => r.description)).size).toBe(40);
    } finally {
      await socket.close();
    }
  });
});

describe('npm run forms: where the command runs', () => {
  it('uses the running server, refuses a held data folder, and opens the database itself otherwise', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-cli-'));
    const config = { dataDir, databaseUrl: undefined };
    const register = (c: AdminCommands, d: Database): void => registerFormsCommands(c, { db: d, publicOrigin: ORIGIN });
    const exportJson = { kind: 'contacts', format: 'json' };

    // A "server": owns the folder, listens on the socket, and takes a message.
    const serverDb = await openDatabase(config);
    await migrate(serverDb);
    const serverCommands = new AdminCommands();
    register(serverCommands, serverDb);
    const socket = await startAdminSocket({ socketPath: adminSocketPath(dataDir), commands: serverCommands, logger: createLogger('silent') });
    expect((await request(testApp(serverDb)).post('/api/contact').send(message)).body).toEqual({ success: true });

    const viaServer = await runOperatorCommand({ config, command: 'forms.export', args: exportJson, register });
    expect(viaServer.via).toBe('server');
    expect(JSON.parse((viaServer.result as { text: string }).text)).toHaveLength(1);

    await socket.close();
    await expect(runOperatorCommand({ config, command: 'forms.export', args: exportJson, register })).rejects.toThrow(DataDirLockedError);

    await serverDb.close();
    const offline = await runOperatorCommand({ config, command: 'forms.export', args: exportJson, register });
    expect(offline.via).toBe('embedded');
    expect(JSON.parse((offline.result as { text: string }).text)).toEqual([expect.objectContaining(message)]);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);
});
