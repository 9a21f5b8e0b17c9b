/**
 * Configuration of the forms component, read once at start-up with the rest of the server's
 * (`config.ts` calls {@link loadFormsConfig}).
 */

/** Settings of the forms: the optional staff alert and how long contact messages are kept. */
export interface FormsConfig {
  /**
   * SMTP server for staff alerts (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.org:465` or
   * `smtp://localhost:25`); alerts are off unless both this and {@link notifyTo} are set.
   */
  smtpUrl: string | undefined;
  /** Recipient(s) of staff alerts (`CONTACT_NOTIFY_TO`, comma-separated addresses). */
  notifyTo: string | undefined;
  /** Sender of staff alerts (`CONTACT_NOTIFY_FROM`, default: the first recipient). */
  notifyFrom: string | undefined;
  /**
   * Days a contact message is kept (`CONTACT_RETENTION_DAYS`, default 365; 0 = keep until an
   * operator deletes it). The server deletes older messages once a day, as the privacy notice
   * promises.
   */
  retentionDays: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/**
 * Reads the forms settings from the environment.
 *
 * @param env  the environment
 * @param fail makes the error to throw for an unusable value (the server's `ConfigError`)
 * @throws the error `fail` makes, naming the variable, when `SMTP_URL` is not an `smtp:`/`smtps:` URL, when only one of
 *   `SMTP_URL` and `CONTACT_NOTIFY_TO` is set, or when `CONTACT_RETENTION_DAYS` is not a whole
 *   number of days (0–36500)
 */
export function loadFormsConfig(env: Env, fail: (message: string) => Error = (m) => new Error(m)): FormsConfig {
  const smtpUrl = value(env, 'SMTP_URL');
  const notifyTo = value(env, 'CONTACT_NOTIFY_TO');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    throw fail('SMTP_URL must look like smtp://host:port or smtps://user:pass@host:465');
  }
  if ((smtpUrl === undefined) !== (notifyTo === undefined)) {
    throw fail('SMTP_URL and CONTACT_NOTIFY_TO turn staff alerts on together: set both or neither');
  }
  const rawDays = value(env, 'CONTACT_RETENTION_DAYS');
  let retentionDays = 365;
  if (rawDays !== undefined) {
    if (!/^\d+$/.test(rawDays) || Number(rawDays) > 36_500) {
      throw fail(`CONTACT_RETENTION_DAYS must be a whole number of days (0–36500), got "${rawDays}"`);
    }
    retentionDays = Number(rawDays);
  }
  return { smtpUrl, notifyTo, notifyFrom: value(env, 'CONTACT_NOTIFY_FROM'), retentionDays };
}

/** True when staff alerts are configured. */
export function alertsEnabled(config: FormsConfig): boolean {
  return config.smtpUrl !== undefined && config.notifyTo !== undefined;
}
