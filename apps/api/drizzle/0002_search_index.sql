CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(
    to_tsvector('english'::regconfig, title_en)
      || to_tsvector('simple'::regconfig, title_en)
      || to_tsvector('arabic'::regconfig, dukkan_search_normalize(title_ar))
      || to_tsvector('simple'::regconfig, dukkan_search_normalize(title_ar)),
    'A')
  || setweight(to_tsvector('simple'::regconfig, brand_en || ' ' || dukkan_search_normalize(brand_ar)), 'B')
  || setweight(
    to_tsvector('english'::regconfig, description_en)
      || to_tsvector('arabic'::regconfig, dukkan_search_normalize(description_ar)),
    'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");