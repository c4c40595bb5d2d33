CREATE TABLE "prescription_renewal_requests" (
	"request_key" text PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"thread_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_drafts" (
	"invitation_id" integer PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"page" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "prescription_renewal_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "medicine_type" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "package_unit" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "package_size" numeric;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "package_count" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "treatment_length" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "treatment_length_unit" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "total_amount" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "usage_guide" text;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD COLUMN "form" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_renewal_requests" ADD CONSTRAINT "prescription_renewal_requests_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_renewal_requests" ADD CONSTRAINT "prescription_renewal_requests_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_drafts" ADD CONSTRAINT "questionnaire_drafts_invitation_id_questionnaire_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."questionnaire_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_renewal_requests_person_idx" ON "prescription_renewal_requests" USING btree ("person_id");