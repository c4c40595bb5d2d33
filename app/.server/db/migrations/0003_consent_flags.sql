ALTER TABLE "people" ADD COLUMN "allows_common_registry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "allows_viewing_occupational_information" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "allows_marketing_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "allows_treatment_instructions_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "allows_booking_sms" boolean DEFAULT false NOT NULL;