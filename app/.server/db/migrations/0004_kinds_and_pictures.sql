CREATE TABLE "appointment_kinds" (
	"code" text PRIMARY KEY NOT NULL,
	"name_fi" text NOT NULL,
	"name_sv" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "picture_url" text;