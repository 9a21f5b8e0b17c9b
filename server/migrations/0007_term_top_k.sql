-- The frequent-term table remembers how many passages it lists per frequent lexeme (`top_k`,
-- plus ties), so that a query taking fewer of them knows its floors no longer bound what an
-- unlisted passage scores (server/src/search/repository.ts, planCandidates). Existing tables
-- were built with the shipped 300.
ALTER TABLE term_langs ADD COLUMN top_k integer NOT NULL DEFAULT 300;

-- `term_sample`: the tsvectors of a fixed 1/64 of each language's passages (by a hash of the
-- id), rebuilt with the table. A query ranked from the candidates estimates its number of
-- matches by counting them in the sample (a few ms) instead of in every passage (up to seconds
-- for a long OR at 400,000 passages).
CREATE TABLE term_sample (
  lang text NOT NULL,
  tsv tsvector NOT NULL
);
CREATE INDEX term_sample_lang_idx ON term_sample (lang);
INSERT INTO term_sample (lang, tsv) SELECT lang, tsv FROM passages WHERE (hashtext(id) & 63) = 0;

CREATE OR REPLACE FUNCTION kb_refresh_term_top(langs text[], min_share float8, min_docs integer, top_k integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM term_top WHERE langs IS NULL OR lang = ANY (langs);
  DELETE FROM term_stats WHERE langs IS NULL OR lang = ANY (langs);
  DELETE FROM term_langs WHERE langs IS NULL OR lang = ANY (langs);
  DELETE FROM term_sample WHERE langs IS NULL OR lang = ANY (langs);
  INSERT INTO term_sample (lang, tsv)
  SELECT lang, tsv FROM passages WHERE (langs IS NULL OR lang = ANY (langs)) AND (hashtext(id) & 63) = 0;
  INSERT INTO term_langs (lang, passages, top_k)
  SELECT lang, count(*), top_k FROM passages WHERE langs IS NULL OR lang = ANY (langs) GROUP BY lang;
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
