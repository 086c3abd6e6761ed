-- Keeps search_terms (the vocabulary typo correction looks words up in) in step with products:
-- one statement-level trigger per INSERT or UPDATE statement adds the new words of every row it
-- touched at once, so a batch of 500 products costs one extra INSERT, not 500. Words are split
-- as the API splits a query (modules/search/normalize.ts); English text only needs lower case,
-- Arabic text gets dukkan_search_normalize. Words of deleted or edited products stay: a stale
-- word can only be offered as a correction that then finds nothing.
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
  WHERE char_length(word) BETWEEN 3 AND 40
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_insert
AFTER INSERT ON products
REFERENCING NEW TABLE AS changed_products
FOR EACH STATEMENT EXECUTE FUNCTION dukkan_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_update
AFTER UPDATE ON products
REFERENCING NEW TABLE AS changed_products
FOR EACH STATEMENT EXECUTE FUNCTION dukkan_collect_search_terms();
--> statement-breakpoint
-- The words of products that were there before this migration.
INSERT INTO search_terms (term)
SELECT DISTINCT word
FROM products AS p,
  regexp_split_to_table(
    lower(concat_ws(' ', p.title_en, p.brand_en, p.description_en)) || ' '
      || dukkan_search_normalize(concat_ws(' ', p.title_ar, p.brand_ar, p.description_ar)),
    '[^0-9a-z\u00DF-\u00F6\u00F8-\u00FF\u0621-\u064A\u0660-\u0669\u0671-\u06D3]+'
  ) AS word
WHERE char_length(word) BETWEEN 3 AND 40
ON CONFLICT (term) DO NOTHING;
