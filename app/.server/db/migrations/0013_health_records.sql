CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"practitioner_id" text,
	"sick_leave_start" date NOT NULL,
	"sick_leave_end" date NOT NULL,
	"diagnosis_code" text,
	"diagnosis_text" text,
	"statement" text
);
--> statement-breakpoint
CREATE TABLE "record_source_faults" (
	"person_id" uuid NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "record_source_faults_person_id_source_pk" PRIMARY KEY("person_id","source")
);
--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"vaccinated_on" date NOT NULL,
	"name" text NOT NULL,
	"practitioner_id" text,
	"effective_until" date,
	"specialty_id" text
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "occupational_influenza_vaccination" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imaging_results" ADD COLUMN "view_restriction" text DEFAULT 'patient' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "prefix" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "additional_result" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "package_name" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "view_restriction" text DEFAULT 'patient' NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "patient_instructions_url" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "diagnoses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "texts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "view_restriction" text DEFAULT 'patient' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_source_faults" ADD CONSTRAINT "record_source_faults_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_person_idx" ON "certificates" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "vaccinations_person_idx" ON "vaccinations" USING btree ("person_id");