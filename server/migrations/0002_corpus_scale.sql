-- The whole shipped corpus (eleven Quran languages and the KJV) and imported collections.
--
-- Each language with a PostgreSQL stemmer gets it; the rest (bn, ur, zh, …) use `simple`.
-- Passages already indexed keep their tsvector: for en, tr and ar the function is unchanged.
CREATE OR REPLACE FUNCTION kb_index_tsvector(lang text, norm text, fold text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lang
    WHEN 'en' THEN to_tsvector('english', norm)
    WHEN 'tr' THEN to_tsvector('turkish', norm) || to_tsvector('simple', fold)
    WHEN 'ar' THEN to_tsvector('arabic', norm)
    WHEN 'es' THEN to_tsvector('spanish', norm)
    WHEN 'fr' THEN to_tsvector('french', norm)
    WHEN 'ru' THEN to_tsvector('russian', norm)
    WHEN 'sv' THEN to_tsvector('swedish', norm)
    WHEN 'id' THEN to_tsvector('indonesian', norm)
    WHEN 'de' THEN to_tsvector('german', norm)
    ELSE to_tsvector('simple', norm)
  END
$$;

-- `section`: the chapter a verse belongs to (`2` for 2:255, `John 3` for John 3:16; empty for
-- passages without chapters), so a reading page shows a verse in its context and an answer
-- joins adjacent verses. `title` and `url`: optional fields of imported passages.
ALTER TABLE passages ADD COLUMN section text NOT NULL DEFAULT '';
ALTER TABLE passages ADD COLUMN title text;
ALTER TABLE passages ADD COLUMN url text;
UPDATE passages SET section = split_part(ref, ':', 1) WHERE source IN ('quran', 'quran-arabic');
-- A chapter's verses in order (reading pages, grouping) and a range of verses (`2:255-257`).
CREATE INDEX passages_section_idx ON passages (source, section, position);
CREATE INDEX passages_position_idx ON passages (source, position);
