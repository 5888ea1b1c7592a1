ALTER TABLE "webhook_secrets" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD COLUMN "previous_until" timestamp with time zone;