CREATE TABLE "station_reminders" (
	"station_id" uuid NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	"number" text,
	"confirmed" boolean,
	"answered_at" timestamp with time zone,
	"message" text,
	CONSTRAINT "station_reminders_station_id_volunteer_id_pk" PRIMARY KEY("station_id","volunteer_id")
);
--> statement-breakpoint
CREATE TABLE "text_stops" (
	"number" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"message" text NOT NULL,
	"kind" text NOT NULL,
	"purpose" text,
	"event_id" uuid,
	"name" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "texts_incoming" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"from" text NOT NULL,
	"message" text NOT NULL,
	"reading" text NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "texts_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "station_reminders" ADD CONSTRAINT "station_reminders_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_reminders" ADD CONSTRAINT "station_reminders_volunteer_id_group_volunteers_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."group_volunteers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_reminders_number_idx" ON "station_reminders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "station_reminders_event_idx" ON "station_reminders" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "texts_purpose_key" ON "texts" USING btree ("purpose");--> statement-breakpoint
CREATE INDEX "texts_event_idx" ON "texts" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "texts_provider_idx" ON "texts" USING btree ("provider_id") WHERE provider_id IS NOT NULL;