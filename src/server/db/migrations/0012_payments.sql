CREATE SEQUENCE "public"."payout_approval_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "group_payments" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"bankgiro" text,
	"plusgiro" text,
	"clearing_number" text,
	"account_number" text,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"id" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"number" integer PRIMARY KEY NOT NULL,
	"event_id" uuid,
	"kind" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_ore" integer NOT NULL,
	"net_ore" bigint NOT NULL,
	"vat_ore" bigint NOT NULL,
	"gross_ore" bigint NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_number" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_email" text NOT NULL,
	"event_name" text NOT NULL,
	"event_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_approvals" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"number" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"total_ore" bigint NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"approved_by" uuid,
	"approved_by_name" text NOT NULL,
	"paid_on" date,
	"paid_by_name" text
);
--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_event_kind_key" ON "invoices" USING btree ("event_id","kind");