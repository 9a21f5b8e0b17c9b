-- The public forms (SPEC.md §3): newsletter subscriptions and contact messages. Texts are kept
-- exactly as submitted; nothing here is ever served back by a public route.

-- One row per subscribed address, compared case-insensitively (a second subscription of the
-- same address is a no-op). `token` is the unguessable secret of the address's unsubscribe link.
CREATE TABLE newsletter_subscribers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX newsletter_subscribers_email_key ON newsletter_subscribers (lower(email));
CREATE INDEX newsletter_subscribers_created ON newsletter_subscribers (created_at);

-- Contact messages, with the state of the optional staff alert (an outbox: the alert is sent
-- after the message is stored, and retried until it goes through).
--   notify_state: 'off' (mail not configured when stored), 'pending', 'sent'
CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  company_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL,
  category text NOT NULL,
  description text NOT NULL,
  notify_state text NOT NULL DEFAULT 'off' CHECK (notify_state IN ('off', 'pending', 'sent')),
  notify_attempts integer NOT NULL DEFAULT 0,
  notify_next_at timestamptz,
  notify_error text
);
CREATE INDEX contact_messages_email ON contact_messages (lower(email));
CREATE INDEX contact_messages_created ON contact_messages (created_at);
CREATE INDEX contact_messages_pending ON contact_messages (notify_next_at) WHERE notify_state = 'pending';
