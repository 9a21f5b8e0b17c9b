import type { SiteInfo } from '@kb/contracts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The site's public, deployment-specific facts shown on the About page and in the footer.
 * The specification withholds the real names, addresses, e-mails and phone, so every default
 * is a plainly fictitious example (`Example …` names, `example.org`, a 000 phone number) and no
 * postal address is made up: the About page leaves the address out until one is set. An
 * operator sets the real ones with these environment variables:
 *
 * | variable | meaning |
 * |---|---|
 * | `SITE_OWNER_NAME`, `SITE_OWNER_ADDRESS`, `SITE_OWNER_EMAIL` | the institute that runs the project |
 * | `SITE_BUILDER_NAME`, `SITE_BUILDER_ADDRESS`, `SITE_BUILDER_EMAIL`, `SITE_BUILDER_PHONE` | the company that builds it |
 * | `SITE_CONTACT_EMAIL` | the footer's contact address |
 *
 * Addresses separate their lines with `|` (`Çiçek Sokak 5|34000 İstanbul|Türkiye`).
 */
export const SITE_INFO_DEFAULTS: SiteInfo = {
  owner: {
    name: 'Example Knowledge Institute',
    address: [],
    email: 'info@example.org',
  },
  builder: {
    name: 'Example Content Intelligence Ltd.',
    address: [],
    email: 'hello@example.org',
    phone: '+90 212 000 00 00',
  },
  contactEmail: 'contact@example.org',
  knowledgeAppOrigin: null,
  previewAllowedOrigins: [],
};

function text(env: Env, name: string, fallback: string): string {
  const v = env[name]?.trim();
  return v ? v : fallback;
}

function lines(env: Env, name: string, fallback: string[]): string[] {
  const v = env[name]?.trim();
  if (!v) return fallback;
  const parts = v.split('|').map((s) => s.trim()).filter((s) => s !== '');
  return parts.length > 0 ? parts : fallback;
}

/**
 * Reads the site facts from the environment over {@link SITE_INFO_DEFAULTS}.
 *
 * @param env the environment (default `process.env`)
 * @param knowledgeAppOrigin `KNOWLEDGE_APP_ORIGIN` when the operator set one (already validated by `loadConfig`)
 * @param previewAllowedOrigins `PREVIEW_ALLOWED_ORIGINS`, validated by `loadConfig`
 */
export function loadSiteInfo(
  env: Env = process.env,
  knowledgeAppOrigin?: string,
  previewAllowedOrigins: readonly string[] = [],
): SiteInfo {
  const d = SITE_INFO_DEFAULTS;
  return {
    owner: {
      name: text(env, 'SITE_OWNER_NAME', d.owner.name),
      address: lines(env, 'SITE_OWNER_ADDRESS', d.owner.address),
      email: text(env, 'SITE_OWNER_EMAIL', d.owner.email),
    },
    builder: {
      name: text(env, 'SITE_BUILDER_NAME', d.builder.name),
      address: lines(env, 'SITE_BUILDER_ADDRESS', d.builder.address),
      email: text(env, 'SITE_BUILDER_EMAIL', d.builder.email),
      phone: text(env, 'SITE_BUILDER_PHONE', d.builder.phone),
    },
    contactEmail: text(env, 'SITE_CONTACT_EMAIL', d.contactEmail),
    knowledgeAppOrigin: knowledgeAppOrigin ?? null,
    previewAllowedOrigins: [...previewAllowedOrigins],
  };
}
