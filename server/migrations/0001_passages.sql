-- Passages of every source and language, with their full-text index.
-- `text` is the passage exactly as the source ships it (never altered); `norm` and `fold` are
-- the normalized forms that are indexed (server/src/corpus/normalize.ts).

-- One place decides which text-search configuration indexes which language; the search uses
-- the same function to find the words to highlight.
CREATE FUNCTION kb_index_tsvector(lang text, norm text, fold text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lang
    WHEN 'en' THEN to_tsvector('english', norm)
    WHEN 'tr' THEN to_tsvector('turkish', norm) || to_tsvector('simple', fold)
    WHEN 'ar' THEN to_tsvector('arabic', norm)
    ELSE to_tsvector('simple', norm)
  END
$$;

CREATE TABLE passages (
  id text PRIMARY KEY,
  source text NOT NULL,
  lang text NOT NULL,
  ref text NOT NULL,
  position integer NOT NULL,
  text text NOT NULL,
  norm text NOT NULL,
  fold text NOT NULL DEFAULT '',
  translator text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (kb_index_tsvector(lang, norm, fold)) STORED,
  UNIQUE (source, ref, lang)
);

CREATE INDEX passages_tsv_idx ON passages USING gin (tsv);
CREATE INDEX passages_scope_idx ON passages (lang, source);

-- What the corpus loader has imported; a second start finds its imports here and does nothing.
CREATE TABLE corpus_imports (
  id text PRIMARY KEY,
  source text NOT NULL,
  lang text NOT NULL,
  origin text NOT NULL,
  passages integer NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);
