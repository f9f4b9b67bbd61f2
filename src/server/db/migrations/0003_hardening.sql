ALTER TABLE "codes" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_contacts" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
-- Contacts added before this rule keep showing their phones: they were added under the old terms.
UPDATE "event_contacts" SET "seen_at" = "added_at";--> statement-breakpoint
UPDATE "group_contacts" SET "seen_at" = "added_at";
