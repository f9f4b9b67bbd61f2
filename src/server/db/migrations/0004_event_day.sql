CREATE TABLE "event_files" (
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_files_event_id_name_pk" PRIMARY KEY("event_id","name")
);
--> statement-breakpoint
CREATE TABLE "send_out_recipients" (
	"send_out_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'sv' NOT NULL,
	"station_id" uuid,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "send_out_recipients_send_out_id_email_pk" PRIMARY KEY("send_out_id","email")
);
--> statement-breakpoint
CREATE TABLE "send_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stations" jsonb NOT NULL,
	"recipient_types" jsonb NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"groups_without_volunteers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_files" ADD CONSTRAINT "event_files_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_files" ADD CONSTRAINT "event_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_out_recipients" ADD CONSTRAINT "send_out_recipients_send_out_id_send_outs_id_fk" FOREIGN KEY ("send_out_id") REFERENCES "public"."send_outs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_outs" ADD CONSTRAINT "send_outs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_outs" ADD CONSTRAINT "send_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "send_out_recipients_queued_idx" ON "send_out_recipients" USING btree ("send_out_id") WHERE status = 'QUEUED';--> statement-breakpoint
CREATE INDEX "send_outs_event_created_idx" ON "send_outs" USING btree ("event_id","created_at");