-- Frequent terms, precomputed (issue 5): at 400,000 passages a question with a very frequent
-- word ("say", "allah", "god") matches a large share of a language, and ranking every match with
-- `ts_rank_cd` costs hundreds of ms. The search instead ranks only candidates — the passages
-- matching the query's rare lexemes (GIN) and the top passages of each of its frequent lexemes
-- (this table) — and proves the result exact with `floor_rank` (server/src/search/repository.ts).
--
-- `term_stats`: every lexeme of every language's passages (`ts_stat`): `ndoc` passages of the
-- language contain it; `floor_rank` (frequent lexemes only) is the lowest score kept in
-- `term_top`, so any passage not listed scores less than that for the lexeme. The C collation lets
-- a prefix (`sabir:*`) be expanded into its lexemes by a range scan of the primary key.
-- `term_top`: for each frequent lexeme, its `top_k` passages by `ts_rank_cd(tsv, lexeme, 1)`
-- (more when several tie with the last).
-- Both are rebuilt by `kb_refresh_term_top` whenever passages change (corpus load, import,
-- removal), in the same transaction; stale rows would give wrong rankings, never errors.
CREATE TABLE term_stats (
  lang text NOT NULL,
  lexeme text COLLATE "C" NOT NULL,
  ndoc integer NOT NULL,
  floor_rank float8,
  PRIMARY KEY (lang, lexeme)
);

-- Passages per language when the table was built (the denominator of frequencies).
CREATE TABLE term_langs (
  lang text PRIMARY KEY,
  passages integer NOT NULL
);

CREATE TABLE term_top (
  lang text NOT NULL,
  lexeme text COLLATE "C" NOT NULL,
  passage_id text NOT NULL,
  rank float8 NOT NULL,
  PRIMARY KEY (lang, lexeme, passage_id)
);

-- Rebuilds both tables for the given languages (NULL: all). A lexeme is frequent when at least
-- `min_docs` passages and `min_share` of its language's passages contain it, and more than
-- `top_k` (otherwise its GIN posting list is as cheap as its list here).
-- PL/pgSQL, so that each statement is planned when it runs, after `term_stats` is filled and
-- analyzed (an SQL function plans its statements up front, when `term_stats` may be empty,
-- and joins it by a nested loop).
CREATE FUNCTION kb_refresh_term_top(langs text[], min_share float8, min_docs integer, top_k integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM term_top WHERE langs IS NULL OR lang = ANY (langs);
  DELETE FROM term_stats WHERE langs IS NULL OR lang = ANY (langs);
  DELETE FROM term_langs WHERE langs IS NULL OR lang = ANY (langs);
  INSERT INTO term_langs (lang, passages)
  SELECT lang, count(*) FROM passages WHERE langs IS NULL OR lang = ANY (langs) GROUP BY lang;
  INSERT INTO term_stats (lang, lexeme, ndoc, floor_rank)
  SELECT l.lang, s.word, s.ndoc,
         CASE WHEN s.ndoc >= greatest(min_docs::float8, min_share * l.n) AND s.ndoc > top_k THEN 0 END
  FROM (SELECT lang, passages AS n FROM term_langs WHERE langs IS NULL OR lang = ANY (langs)) l
  CROSS JOIN LATERAL ts_stat(format('SELECT tsv FROM passages WHERE lang = %L', l.lang)) s;
  ANALYZE term_stats;
  -- A lexeme's score in a passage is `ts_rank_cd(tsv, lexeme, 1)`, computed from the tsvector
  -- itself: 0.1 (weight D: passages carry no weights) per position of the lexeme, divided by
  -- ln(1 + the passage's positions). The `top_k` best are kept, and every passage tied with
  -- the last of them, so a passage not listed scores strictly less than `floor_rank`, the lowest
  -- kept (raised by 1e-6 for the float4 rounding of `ts_rank_cd`).
  INSERT INTO term_top (lang, lexeme, passage_id, rank)
  SELECT x.lang, x.lexeme, x.id, x.rank
  FROM (
    SELECT p.lang, s.lexeme, p.id, 0.1::float8 * cardinality(u.positions) / ln(c.n + 1) AS rank,
           rank() OVER (PARTITION BY p.lang, s.lexeme ORDER BY cardinality(u.positions) / ln(c.n + 1) DESC) AS k
    FROM passages p
    CROSS JOIN LATERAL (SELECT sum(greatest(cardinality(v.positions), 1))::float8 AS n FROM unnest(p.tsv) v) c
    CROSS JOIN LATERAL unnest(p.tsv) u
    JOIN term_stats s ON s.lang = p.lang AND s.lexeme = u.lexeme COLLATE "C" AND s.floor_rank IS NOT NULL
    WHERE langs IS NULL OR p.lang = ANY (langs)
  ) x
  WHERE x.k <= top_k;
  UPDATE term_stats s SET floor_rank = t.floor_rank * (1 + 1e-6)
  FROM (SELECT lang, lexeme, min(rank) AS floor_rank FROM term_top WHERE langs IS NULL OR lang = ANY (langs) GROUP BY lang, lexeme) t
  WHERE s.lang = t.lang AND s.lexeme = t.lexeme;
END
$$;

SELECT kb_refresh_term_top(NULL, 0.005, 1000, 300);
