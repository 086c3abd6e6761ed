ALTER TABLE "carts" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_uses_live_idx" ON "promotion_uses" USING btree ("promotion_id") WHERE "promotion_uses"."released_at" is null;--> statement-breakpoint
CREATE INDEX "promotions_automatic_idx" ON "promotions" USING btree ("id") WHERE "promotions"."code" is null and "promotions"."active";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_range" CHECK ("order_items"."discount_cents" between 0 and "order_items"."price_cents" * "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_nonnegative" CHECK ("orders"."discount_cents" >= 0);