ALTER TABLE "people" ALTER COLUMN "allows_booking_sms" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminded_at" timestamp with time zone;