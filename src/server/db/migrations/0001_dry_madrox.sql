CREATE TABLE "event_contacts" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"creator" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_contacts_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"city" text NOT NULL,
	"included" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shirt_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"food_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"substitute" boolean DEFAULT false NOT NULL,
	"organizer_number" text NOT NULL,
	"organizer_name" text NOT NULL,
	"organizer_website" text DEFAULT '' NOT NULL,
	"organizer_email" text DEFAULT '' NOT NULL,
	"invoice_address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"historic_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"municipality" text NOT NULL,
	"marker_location" text DEFAULT '' NOT NULL,
	"marker_lat" double precision NOT NULL,
	"marker_lng" double precision NOT NULL,
	"team_leader_email" text DEFAULT '' NOT NULL,
	"official_quantity" integer NOT NULL,
	"official_minimum_age" integer NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_type" text NOT NULL,
	"currency" text,
	"group_payment" integer,
	"payment_adult" integer,
	"payment_child" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_contacts" ADD CONSTRAINT "event_contacts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contacts" ADD CONSTRAINT "event_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_contacts_user_idx" ON "event_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_status_date_idx" ON "events" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_event_name_key" ON "stations" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stations_team_leader_idx" ON "stations" USING btree ("team_leader_email");