-- Frequent terms, precomputed (issue 5): at 400,000 passages a question with a very frequent
-- word ("say", "allah", "god") matches a large share of a language, and ranking every match with
-- `ts_rank_cd` costs hundreds of ms. The search instead ranks only candidates — the passages
-- matching the query's rare lexemes (GIN) and the top passages of each of its frequent lexemes
-- (this table) — and proves the result exact with `floor_rank` (server/src/search/repository.ts).
--
-- `term_stats`: every lexeme of every language's passages (`ts_stat`): `ndoc` passages of the
-- language contain it; `floor_rank` (frequent lexemes only) is the lowest score kept in
-- `term_top`, so any passage not listed scores at most that for the lexeme. The C collation lets
-- a prefix (`sabir:*`) be expanded into its lexemes by a range scan of the primary key.
-- `term_top`: for each frequent lexeme, its `top_k` passages by `ts_rank_cd(tsv, lexeme, 1)`.
-- Both are rebuilt by `kb_refresh_term_top` whenever passages change (corpus load, import,
-- removal), in the same transaction; stale rows would give wrong rankings, never errors.
CREATE TABLE term_stats (
  lang text NOT NULL,
  lexeme text COLLATE "C" NOT NULL,
  ndoc integer NOT NULL,
  floor_rank float8,
  PRIMARY KEY (lang, lexeme)
);

CREATE TABLE term_top (
  lang text NOT NULL,
  lexeme text COLLATE "C" NOT NULL,
  passage_id text NOT NULL,
  rank float8 NOT NULL,
  PRIMARY KEY (lang, lexeme, passage_id)
);

-- A lexeme as a tsquery that matches exactly it (quotes and backslashes doubled, no normalization).
CREATE FUNCTION kb_lexeme_tsquery(lexeme text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery
$$;

-- Rebuilds both tables for the given languages (NULL: all). A lexeme is frequent when at least
-- `min_docs` passages and `min_share` of its language's passages contain it, and more than
-- `top_k` (otherwise its GIN posting list is as cheap as its list here).
CREATE FUNCTION kb_refresh_term_top(langs text[], min_share float8, min_docs integer, top_k integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM term_top WHERE langs IS NULL OR lang = ANY (langs);
  DELETE FROM term_stats WHERE langs IS NULL OR lang = ANY (langs);
  INSERT INTO term_stats (lang, lexeme, ndoc, floor_rank)
  SELECT l.lang, s.word, s.ndoc,
         CASE WHEN s.ndoc >= greatest(min_docs::float8, min_share * l.n) AND s.ndoc > top_k THEN 0 END
  FROM (SELECT lang, count(*) AS n FROM passages WHERE langs IS NULL OR lang = ANY (langs) GROUP BY lang) l
  CROSS JOIN LATERAL ts_stat(format('SELECT tsv FROM passages WHERE lang = %L', l.lang)) s;
  INSERT INTO term_top (lang, lexeme, passage_id, rank)
  SELECT x.lang, x.lexeme, x.id, x.rank
  FROM (
    SELECT p.lang, s.lexeme, p.id, r.rank,
           row_number() OVER (PARTITION BY p.lang, s.lexeme ORDER BY r.rank DESC, p.position, p.id) AS n
    FROM passages p
    CROSS JOIN LATERAL unnest(p.tsv) u
    JOIN term_stats s ON s.lang = p.lang AND s.lexeme = u.lexeme COLLATE "C" AND s.floor_rank IS NOT NULL
    CROSS JOIN LATERAL (SELECT ts_rank_cd(p.tsv, kb_lexeme_tsquery(s.lexeme), 1)::float8 AS rank) r
    WHERE langs IS NULL OR p.lang = ANY (langs)
  ) x
  WHERE x.n <= top_k;
  UPDATE term_stats s SET floor_rank = t.floor_rank
  FROM (SELECT lang, lexeme, min(rank) AS floor_rank FROM term_top WHERE langs IS NULL OR lang = ANY (langs) GROUP BY lang, lexeme) t
  WHERE s.lang = t.lang AND s.lexeme = t.lexeme;
$$;

SELECT kb_refresh_term_top(NULL, 0.005, 1000, 300);
