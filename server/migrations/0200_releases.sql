-- The release registry of the federated remotes (ARCHITECTURE.md "Releases").
-- A release is an immutable build of one remote, named by its version; its files live in
-- RELEASES_DIR/<name>/<version>/ or, with base_url, on another origin (a CDN).
CREATE TABLE remote_releases (
  name text NOT NULL,
  version text NOT NULL,
  base_url text,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, version)
);

-- Activations form a stack per remote: activate pushes, rollback pops. The active release is
-- the top of the stack, so every server instance reading this table agrees, and concurrent
-- activations still leave exactly one active version.
CREATE TABLE remote_activations (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  version text NOT NULL,
  activated_at timestamptz NOT NULL DEFAULT now(),
  rolled_back_at timestamptz,
  FOREIGN KEY (name, version) REFERENCES remote_releases (name, version)
);

CREATE INDEX remote_activations_live ON remote_activations (name, id DESC) WHERE rolled_back_at IS NULL;
