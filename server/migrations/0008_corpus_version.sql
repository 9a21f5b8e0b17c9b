-- The corpus's version: one row, its number raised in the same transaction as every change to
-- what search and answers read (an import of the shipped corpus or an operator's, a removal,
-- a refresh of the frequent-term table, stored vectors), by server/src/passages/version.ts.
-- Every server reads it at most once a second and forgets its cached search pages and answers
-- when it changed (server/src/cache/responses.ts), so a change made through one server empties
-- the others' caches too. A database loaded before this migration starts at 1.
CREATE TABLE corpus_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL DEFAULT 1 CHECK (version > 0),
  changed_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO corpus_version (singleton) VALUES (true);
