CREATE TABLE "customer_concepts" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"concept_code" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_direct_compensation_permits" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"symptom" jsonb NOT NULL,
	"body_part" jsonb NOT NULL,
	"valid_to" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demo_direct_compensation_permits_content_hash_unique" UNIQUE("content_hash")
);
--> statement-breakpoint
CREATE TABLE "demo_insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"insurer" text NOT NULL,
	"policy_id" text NOT NULL,
	"product_name" text NOT NULL,
	"owner" text DEFAULT 'personal' NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"coverages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"simulate_fault" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_verifications" (
	"person_id" uuid NOT NULL,
	"appointment_id" integer NOT NULL,
	"choice" jsonb NOT NULL,
	"lahitapiola_status" text DEFAULT 'not_asked' NOT NULL,
	"permits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pohjola_status" text DEFAULT 'undefined' NOT NULL,
	"pohjola_result" jsonb,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "insurance_verifications_person_id_appointment_id_pk" PRIMARY KEY("person_id","appointment_id")
);
--> statement-breakpoint
ALTER TABLE "customer_concepts" ADD CONSTRAINT "customer_concepts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_direct_compensation_permits" ADD CONSTRAINT "demo_direct_compensation_permits_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_insurance_policies" ADD CONSTRAINT "demo_insurance_policies_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_verifications" ADD CONSTRAINT "insurance_verifications_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_verifications" ADD CONSTRAINT "insurance_verifications_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_dc_permits_person_idx" ON "demo_direct_compensation_permits" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "demo_insurance_policies_person_idx" ON "demo_insurance_policies" USING btree ("person_id");