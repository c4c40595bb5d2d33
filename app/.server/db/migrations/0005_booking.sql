CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "appointments_practitioner_idx";--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "occupational_web_reservation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "occupational_phone_service" text;--> statement-breakpoint
ALTER TABLE "appointment_kinds" ADD COLUMN "reservation_info_fi" text;--> statement-breakpoint
ALTER TABLE "appointment_kinds" ADD COLUMN "reservation_info_sv" text;--> statement-breakpoint
ALTER TABLE "appointment_kinds" ADD COLUMN "reservation_info_en" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "requires_auth_to_reserve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "care_types" text[] DEFAULT '{private,insurance}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "rate_cents" integer;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "additional_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "reservation_info_fi" text;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "reservation_info_sv" text;--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "reservation_info_en" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "channel" text DEFAULT 'clinic' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "care_type" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "concept_code" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "insurer" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reimbursement" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "direct_compensation_permit" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "description_fi" text;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "description_sv" text;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "description_en" text;--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appointments_clinic_idx" ON "appointments" USING btree ("clinic_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_specialty_idx" ON "appointments" USING btree ("specialty_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_practitioner_idx" ON "appointments" USING btree ("practitioner_id","starts_at");