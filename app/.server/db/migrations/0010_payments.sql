CREATE TABLE "invoice_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"count" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"date" date NOT NULL,
	"vat_percentage" numeric(4, 1) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"person_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"credited_invoice_number" text,
	"creation_date" date NOT NULL,
	"due_date" date NOT NULL,
	"sum_cents" integer NOT NULL,
	"has_pdf" boolean DEFAULT true NOT NULL,
	"paid_at" timestamp with time zone,
	"buyer_name" text NOT NULL,
	"buyer_street" text,
	"buyer_postal_code" text,
	"buyer_post_office" text,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"stamp" uuid NOT NULL,
	"transaction_id" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"provider" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_stamp_unique" UNIQUE("stamp")
);
--> statement-breakpoint
ALTER TABLE "invoice_rows" ADD CONSTRAINT "invoice_rows_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_rows_invoice_idx" ON "invoice_rows" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_person_idx" ON "invoices" USING btree ("person_id","creation_date");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");