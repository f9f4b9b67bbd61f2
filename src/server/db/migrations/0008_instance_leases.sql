ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "send_out_recipients" ADD COLUMN "claimed_by" text;