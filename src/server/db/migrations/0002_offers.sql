CREATE TABLE "offers" (
	"event_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"volunteers" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adult_attendance" integer,
	"child_attendance" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "offers_event_id_group_id_station_id_pk" PRIMARY KEY("event_id","group_id","station_id")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_station_idx" ON "offers" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "offers_group_idx" ON "offers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "offers_due_idx" ON "offers" USING btree ("expires_at") WHERE status = 'PROPOSAL';