ALTER TABLE "staff_tokens" DROP CONSTRAINT "staff_tokens_kind";--> statement-breakpoint
ALTER TABLE "staff_tokens" DROP CONSTRAINT "staff_tokens_invite_has_staff";--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_kind" CHECK ("staff_tokens"."kind" in ('first-owner', 'invite', 'password-reset'));--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_invite_has_staff" CHECK (("staff_tokens"."kind" = 'first-owner') = ("staff_tokens"."staff_id" is null));