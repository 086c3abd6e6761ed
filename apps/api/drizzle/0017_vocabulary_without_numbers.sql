-- The did-you-mean vocabulary keeps no word made of digits alone (decision 0041). Such a word is
-- never a correction (it shares no trigram with a word of letters, the only words corrected) and
-- never decides one (a query word with a digit is never corrected), yet a catalog's numbers
-- (sizes, model and catalog numbers) made most of the words an import added, each an insert
-- into the trigram index.
CREATE OR REPLACE FUNCTION dukkan_collect_search_terms() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT word
  FROM changed_products AS p,
    regexp_split_to_table(
      lower(concat_ws(' ', p.title_en, p.brand_en, p.description_en)) || ' '
        || dukkan_search_normalize(concat_ws(' ', p.title_ar, p.brand_ar, p.description_ar)),
      '[^0-9a-z\u00DF-\u00F6\u00F8-\u00FF\u0621-\u064A\u0660-\u0669\u0671-\u06D3]+'
    ) AS word
  WHERE p.status = 'published' AND char_length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9\u0660-\u0669]+$'
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DELETE FROM search_terms WHERE term ~ '^[0-9\u0660-\u0669]+$';
