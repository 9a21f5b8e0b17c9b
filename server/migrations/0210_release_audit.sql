-- The release registry's audit log (ARCHITECTURE.md "Releases"): every publish, activate,
-- rollback and prune, with when, who (the operator's OS user, or `start` for what `npm start`
-- does) and from which version to which. Rows are only ever added; no foreign key to
-- remote_releases, since a pruned release keeps its history.
CREATE TABLE release_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN ('publish', 'activate', 'rollback', 'prune')),
  name text NOT NULL,
  from_version text,
  to_version text,
  forced boolean NOT NULL DEFAULT false
);

CREATE INDEX release_audit_by_name ON release_audit (name, id DESC);
