CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_version_one_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "stock_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "products_title_en_trgm_idx" ON "products" USING gin (lower("title_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_title_ar_trgm_idx" ON "products" USING gin (lower("title_ar") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_quantity_idx" ON "products" USING btree ("quantity");--> statement-breakpoint
CREATE INDEX "stock_ledger_product_seq_idx" ON "stock_ledger" USING btree ("product_id","seq");--> statement-breakpoint
-- Hand-written (part B; carry over when migrations are regenerated): the one version row.
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The did-you-mean vocabulary learns only published products' words: a draft's words join it
-- when it is published (an UPDATE statement, so the same trigger sees it).
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
  WHERE p.status = 'published' AND char_length(word) BETWEEN 3 AND 40
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END
$$;
