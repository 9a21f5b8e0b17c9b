import path from 'node:path';
import { ConfigError, knowledgeOrigin, loadConfig, siteOrigins } from './config';
import { SITE_INFO_DEFAULTS } from './site/info';

describe('loadConfig', () => {
  it('has defaults', () => {
    const config = loadConfig({}, '/srv/kb');
    expect(config).toMatchObject({
      port: 3000,
      knowledgePort: 7860,
      dataDir: '/srv/kb/data',
      databaseUrl: undefined,
      publicOrigin: 'http://localhost:3000',
      trustProxy: false,
      rateLimits: { formsPerMinute: 20, askPerMinute: 120, readPerMinute: 600, flushMs: 500 },
      logLevel: 'info',
      responseCache: true,
      publicSourceMaps: false,
    });
    expect(loadConfig({ PUBLIC_SOURCE_MAPS: 'TRUE' }).publicSourceMaps).toBe(true);
    expect(config.webRoot).toBe(path.resolve(__dirname, '..', '..'));
    expect(knowledgeOrigin(config)).toBe('http://localhost:7860');
  });

  it('reads the receive limits of both listeners, 20 s / 60 s / 1 s by default', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({ headersMs: 20_000, requestMs: 60_000, connectionsCheckMs: 1_000 });
    expect(
      loadConfig({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', CONNECTIONS_CHECK_MS: '200' }).httpTimeouts,
    ).toEqual({ headersMs: 1_000, requestMs: 2_000, connectionsCheckMs: 200 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '2000' })).toThrow(
      new ConfigError('HEADERS_TIMEOUT_MS (5000) must not exceed REQUEST_TIMEOUT_MS (2000)'),
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS must be between 1000 and 3600000/);
    expect(() => loadConfig({ CONNECTIONS_CHECK_MS: '1s' })).toThrow(/CONNECTIONS_CHECK_MS must be a whole number/);
  });

  it('turns the second listener off with PORT=0 unless asked for', () => {
    expect(loadConfig({ PORT: '0' }).knowledgePort).toBe(0);
    expect(loadConfig({ PORT: '0', KNOWLEDGE_PORT: '7000' }).knowledgePort).toBe(7000);
    expect(loadConfig({ KNOWLEDGE_PORT: '0' }).knowledgePort).toBe(0);
  });

  it('serves no metrics unless METRICS_PORT is set', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        KNOWLEDGE_PORT: '8081',
        DATA_DIR: 'var/kb',
        DATABASE_URL: 'postgres://kb@db/kb',
        PUBLIC_ORIGIN: 'https://kb.example.org/',
        KNOWLEDGE_APP_ORIGIN: 'https://knowledge.example.org',
        TRUST_PROXY: '1',
        RATE_LIMIT_FORMS_PER_MINUTE: '5',
        RATE_LIMIT_ASK_PER_MINUTE: '6',
        RATE_LIMIT_READ_PER_MINUTE: '7',
        RATE_LIMIT_FLUSH_MS: '0',
        LOG_LEVEL: 'warn',
        WEB_ROOT: '/opt/web',
        SMTP_URL: 'smtps://alerts:secret@mail.example.org:465',
        CONTACT_NOTIFY_TO: 'info@example.org, staff@example.org',
        CONTACT_NOTIFY_FROM: 'site@example.org',
        CONTACT_RETENTION_DAYS: '90',
        HEADERS_TIMEOUT_MS: '15000',
        REQUEST_TIMEOUT_MS: '30000',
        CONNECTIONS_CHECK_MS: '500',
        SEARCH_CACHE: 'off',
        PUBLIC_SOURCE_MAPS: 'true',
        SEARCH_QUEUE_MAX_WAIT_MS: '2500',
      },
      '/srv',
    );
    expect(config).toEqual({
      port: 8080,
      knowledgePort: 8081,
      dataDir: '/srv/var/kb',
      releasesDir: '/srv/var/kb/releases',
      previewAllowedOrigins: [],
      databaseUrl: 'postgres://kb@db/kb',
      publicOrigin: 'https://kb.example.org',
      knowledgeAppOrigin: 'https://knowledge.example.org',
      trustProxy: 1,
      httpTimeouts: { headersMs: 15_000, requestMs: 30_000, connectionsCheckMs: 500 },
      searchQueueMaxWaitMs: 2_500,
      rateLimits: { formsPerMinute: 5, askPerMinute: 6, readPerMinute: 7, flushMs: 0 },
      logLevel: 'warn',
      site: { ...SITE_INFO_DEFAULTS, knowledgeAppOrigin: 'https://knowledge.example.org' },
      webRoot: '/opt/web',
      responseCache: false,
      publicSourceMaps: true,
      forms: {
        smtpUrl: 'smtps://alerts:secret@mail.example.org:465',
        notifyTo: 'info@example.org, staff@example.org',
        notifyFrom: 'site@example.org',
        retentionDays: 90,
      },
    });
    expect([...siteOrigins(config)]).toEqual(
      expect.arrayContaining(['https://kb.example.org', 'http://localhost:8080', 'https://knowledge.example.org']),
    );
  });

  it('derives the knowledge origin by swapping the port, as the spec does', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'http://kb.lan:3000' });
    expect(knowledgeOrigin(config)).toBe('http://kb.lan:7860');
    expect(knowledgeOrigin(loadConfig({ PUBLIC_ORIGIN: 'https://kb.example.org' }))).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ PORT: '3000', KNOWLEDGE_PORT: '3000' }, /KNOWLEDGE_PORT must differ from PORT/],
    [{ PORT: '3000', METRICS_PORT: '3000' }, /METRICS_PORT must differ from PORT and KNOWLEDGE_PORT/],
    [{ METRICS_PORT: '7860' }, /METRICS_PORT must differ/],
    [{ METRICS_PORT: 'on' }, /METRICS_PORT must be a whole number/],
    [{ PUBLIC_ORIGIN: 'kb.example.org' }, /PUBLIC_ORIGIN must be an origin/],
    [{ PUBLIC_ORIGIN: 'https://kb.example.org/path' }, /origin only/],
    [{ PUBLIC_ORIGIN: 'ftp://kb.example.org' }, /http or https/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ RATE_LIMIT_ASK_PER_MINUTE: '0' }, /RATE_LIMIT_ASK_PER_MINUTE must be between/],
    [{ RATE_LIMIT_FLUSH_MS: '20000' }, /RATE_LIMIT_FLUSH_MS must be between/],
    [{ TRUST_PROXY: '$(rm -rf)' }, /TRUST_PROXY/],
    [{ SMTP_URL: 'http://mail.example.org' }, /SMTP_URL must look like/],
    [{ SMTP_URL: 'smtp://localhost:25' }, /set both or neither/],
    [{ CONTACT_NOTIFY_TO: 'info@example.org' }, /set both or neither/],
    [{ CONTACT_RETENTION_DAYS: 'a year' }, /CONTACT_RETENTION_DAYS/],
    [{ SEARCH_CACHE: 'false' }, /SEARCH_CACHE must be "on" or "off"/],
    [{ PUBLIC_SOURCE_MAPS: 'yes please' }, /PUBLIC_SOURCE_MAPS must be true or false, got "yes please"/],
  ])('rejects %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
