ALTER TABLE "lab_results" ADD COLUMN "status" text DEFAULT 'sampled' NOT NULL;--> statement-breakpoint
UPDATE "lab_results" SET "status" = CASE WHEN "is_ready" THEN 'ready' ELSE 'sampled' END;
