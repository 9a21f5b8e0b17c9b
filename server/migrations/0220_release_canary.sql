-- Gradual rollout (ARCHITECTURE.md "Releases"): at most one canary per remote, a published
-- release served to the visitors whose bucket (0–99, kept by the browser) falls in the top
-- `percent` buckets (bucket >= 100 - percent); every other visitor gets the active release.
-- `activate --percent` starts or replaces it, `promote` makes it active, `rollback` ends it.
CREATE TABLE remote_canaries (
  name text PRIMARY KEY,
  version text NOT NULL,
  percent integer NOT NULL CHECK (percent BETWEEN 1 AND 99),
  started_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (name, version) REFERENCES remote_releases (name, version)
);

-- Canary changes are audited too.
ALTER TABLE release_audit DROP CONSTRAINT release_audit_action_check;
ALTER TABLE release_audit ADD CONSTRAINT release_audit_action_check
  CHECK (action IN ('publish', 'activate', 'rollback', 'prune', 'canary-start', 'canary-replace', 'promote', 'canary-end'));
-- The canary's share at the time of a start or replace.
ALTER TABLE release_audit ADD COLUMN percent integer;
