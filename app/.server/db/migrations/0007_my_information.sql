CREATE TABLE "guardian_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email_address" text NOT NULL,
	"same_address" boolean DEFAULT true NOT NULL,
	"street_address" text,
	"postal_code" text,
	"post_office" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guardian_contacts_person_position" UNIQUE("person_id","position")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "guardian_contacts" ADD CONSTRAINT "guardian_contacts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_public_id_unique" UNIQUE("public_id");