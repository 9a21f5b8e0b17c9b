-- A faster `kb_refresh_term_top`, same results (issue 20, first start; docs/performance.md).
-- Measured on the shipped corpus, the refresh was most of a first start. Its plan computed each
-- passage's number of positions (`c.n`, an aggregate over `unnest(tsv)`) once per *matching
-- lexeme* after the join (276,686 times for 99,698 passages: two thirds of the statement's
-- time), unnested every tsvector a second time for the lexemes, and sorted its 276,686
-- candidate rows on disk (`work_mem` 4 MB). Now each tsvector is unnested once, in a subquery
-- the planner cannot merge into the join (`OFFSET 0`), giving the count and the lexemes with
-- their number of positions (plain arrays, cheap to unnest), and the function runs with
-- `work_mem` 64 MB (for its own statements only), so the sort stays in memory. The rows written
-- are the same, value for value (compared with `server/scripts/measure-first-start.mjs`).
CREATE OR REPLACE FUNCTION kb_refresh_term_top(langs text[], min_share float8, min_docs integer, top_k integer) RETURNS void
LANGUAGE plpgsql
SET work_mem = '64MB'
AS $$
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
    SELECT p.lang, s.lexeme, p.id, 0.1::float8 * u.npos / ln(p.n + 1) AS rank,
           rank() OVER (PARTITION BY p.lang, s.lexeme ORDER BY u.npos / ln(p.n + 1) DESC) AS k
    FROM (
      SELECT q.lang, q.id, c.n, c.lexemes, c.npos
      FROM passages q
      CROSS JOIN LATERAL (
        SELECT sum(greatest(cardinality(v.positions), 1))::float8 AS n,
               array_agg(v.lexeme) AS lexemes, array_agg(cardinality(v.positions)) AS npos
        FROM unnest(q.tsv) v
      ) c
      WHERE langs IS NULL OR q.lang = ANY (langs)
      OFFSET 0
    ) p
    CROSS JOIN LATERAL unnest(p.lexemes, p.npos) AS u(lexeme, npos)
    JOIN term_stats s ON s.lang = p.lang AND s.lexeme = u.lexeme COLLATE "C" AND s.floor_rank IS NOT NULL
  ) x
  WHERE x.k <= top_k;
  UPDATE term_stats s SET floor_rank = t.floor_rank * (1 + 1e-6)
  FROM (SELECT lang, lexeme, min(rank) AS floor_rank FROM term_top WHERE langs IS NULL OR lang = ANY (langs) GROUP BY lang, lexeme) t
  WHERE s.lang = t.lang AND s.lexeme = t.lexeme;
END
$$;
