CREATE TABLE "registration_links" (
	"group_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone,
	CONSTRAINT "registration_links_group_id_event_id_pk" PRIMARY KEY("group_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "erasure_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "participation_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_volunteers" ADD COLUMN "language" text DEFAULT 'sv' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_volunteers" ADD COLUMN "registered_event_id" uuid;--> statement-breakpoint
ALTER TABLE "group_volunteers" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "group_volunteers" ADD COLUMN "guardian_email" text;--> statement-breakpoint
ALTER TABLE "group_volunteers" ADD COLUMN "guardian_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_out_recipients" ADD COLUMN "volunteer_id" uuid;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_volunteers_participation_idx" ON "group_volunteers" USING gin ("participation" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "group_volunteers_registered_event_idx" ON "group_volunteers" USING btree ("registered_event_id");