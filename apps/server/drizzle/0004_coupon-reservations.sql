ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_pending_discount_idx" ON "orders" USING btree ("discount_code_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- Written by hand (ADR 0028): checkouts opened before this migration expire when Stripe's
-- default (24 hours) ended them, so none of them holds a discount code's use for ever.
UPDATE "orders" SET "expires_at" = "created_at" + interval '24 hours' WHERE "status" = 'pending' AND "provider_session_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sandbox_checkout_sessions" SET "expires_at" = "created_at" + interval '24 hours';
