ALTER TABLE "artworks" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Artworks saved from demo runs before the rule: marked, and taken out of the public gallery.
UPDATE "artworks" SET "is_demo" = true, "is_public" = false, "hidden_while_disabled" = false
  WHERE "run_id" IN (SELECT "id" FROM "runs" WHERE "engine" = 'demo');--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_demo_never_public" CHECK (NOT ("artworks"."is_demo" AND "artworks"."is_public"));
