CREATE TABLE "best_sellers" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	"moderated_by" text,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_title_length" CHECK (char_length("reviews"."title") between 1 and 100),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") between 1 and 5000),
	CONSTRAINT "reviews_language_known" CHECK ("reviews"."language" in ('en', 'ar')),
	CONSTRAINT "reviews_status_known" CHECK ("reviews"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "reviews_reason_when_rejected" CHECK ("reviews"."status" = 'rejected' or "reviews"."reject_reason" is null)
);
--> statement-breakpoint
ALTER TABLE "best_sellers" ADD CONSTRAINT "best_sellers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_product_idx" ON "reviews" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "reviews_product_approved_idx" ON "reviews" USING btree ("product_id","created_at") WHERE "reviews"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_user_created_idx" ON "reviews" USING btree ("user_id","created_at");--> statement-breakpoint
-- Issue #36: no made-up figure. Every product's rating and count are recomputed from its approved
-- reviews, of which a database made before this migration has none: all become 0 and 0.
UPDATE "products" SET "rating_tenths" = 0, "review_count" = 0
WHERE ("rating_tenths" <> 0 OR "review_count" <> 0)
  AND NOT EXISTS (SELECT 1 FROM "reviews" r WHERE r."product_id" = "products"."id" AND r."status" = 'approved');--> statement-breakpoint
-- A catalog write: every running process drops the answers it keeps.
INSERT INTO "catalog_version" ("id", "version", "changed_at") VALUES (1, 1, now())
ON CONFLICT ("id") DO UPDATE SET "version" = "catalog_version"."version" + 1, "changed_at" = now();
