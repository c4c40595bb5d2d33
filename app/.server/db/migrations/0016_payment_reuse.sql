ALTER TABLE "payments" ADD COLUMN "provider_forms" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms" text;