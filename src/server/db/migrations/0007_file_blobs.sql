CREATE TABLE "file_blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"store_key" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_files" ADD COLUMN "blob_id" uuid;--> statement-breakpoint
INSERT INTO "file_blobs" ("event_id", "store_key", "type", "size", "uploaded_by", "created_at")
	SELECT "event_id", "name", "type", "size", "uploaded_by", "created_at" FROM "event_files";--> statement-breakpoint
UPDATE "event_files" f SET "blob_id" = b."id" FROM "file_blobs" b WHERE b."event_id" = f."event_id" AND b."store_key" = f."name";--> statement-breakpoint
UPDATE "send_outs" s SET "attachments" = (
	SELECT coalesce(jsonb_agg(CASE WHEN f."blob_id" IS NULL THEN x.a ELSE x.a || jsonb_build_object('blobId', f."blob_id") END ORDER BY x.i), '[]'::jsonb)
	FROM jsonb_array_elements(s."attachments") WITH ORDINALITY AS x(a, i)
	LEFT JOIN "event_files" f ON f."event_id" = s."event_id" AND f."name" = x.a->>'name'
) WHERE jsonb_array_length(s."attachments") > 0;--> statement-breakpoint
ALTER TABLE "event_files" ALTER COLUMN "blob_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_files" DROP COLUMN "type";--> statement-breakpoint
ALTER TABLE "event_files" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "file_blobs" ADD CONSTRAINT "file_blobs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_blobs" ADD CONSTRAINT "file_blobs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_blobs_event_idx" ON "file_blobs" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "event_files" ADD CONSTRAINT "event_files_blob_id_file_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."file_blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_files_blob_idx" ON "event_files" USING btree ("blob_id");
