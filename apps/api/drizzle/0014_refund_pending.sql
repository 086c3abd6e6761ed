ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_known";--> statement-breakpoint
CREATE INDEX "orders_amount_created_idx" ON "orders" USING btree ("amount_cents","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'));