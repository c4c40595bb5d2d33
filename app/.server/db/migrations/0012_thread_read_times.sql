CREATE TABLE "messaging_status" (
	"id" integer PRIMARY KEY NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"announcement_active" boolean DEFAULT false NOT NULL,
	"announcement_heading" text,
	"announcement_description" text,
	"announcement_type" text DEFAULT 'info' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "threads" DROP COLUMN "customer_read_at";