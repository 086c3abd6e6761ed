-- Search (docs/decisions/0008-search-in-postgresql.md). Trigram similarity powers typo tolerance;
-- pg_trgm is a trusted extension, so a database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The one normalisation of searchable text, applied to stored text and to queries alike (the API
-- mirrors it in modules/search/normalize.ts): lower case; Arabic tashkeel (U+064B–U+065F,
-- U+0670) and tatweel (U+0640) removed; alef forms أ إ آ ٱ → ا, ؤ → و, ئ → ي, taa marbuta
-- ة → ه, alef maqsura ى → ي. IMMUTABLE, so generated columns and indexes may use it.
CREATE OR REPLACE FUNCTION dukkan_search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT translate(
    regexp_replace(lower(input), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱؤئةى',
    'ااااويهي'
  )
$$;
