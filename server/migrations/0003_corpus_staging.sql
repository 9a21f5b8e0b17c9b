-- Passages of an import in progress (`npm run corpus -- import …`). Batches land here, each in
-- its own transaction; one final transaction moves them into `passages`. An import that fails
-- or is interrupted leaves nothing in `passages`; its rows here are deleted when it aborts,
-- or by the next import.
CREATE TABLE corpus_staging (
  import_id text NOT NULL,
  position integer NOT NULL,
  ref text NOT NULL,
  text text NOT NULL,
  norm text NOT NULL,
  fold text NOT NULL,
  title text,
  url text,
  staged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (import_id, position)
);
