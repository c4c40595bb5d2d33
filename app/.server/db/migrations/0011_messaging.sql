CREATE TABLE "employers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employments" (
	"person_id" uuid NOT NULL,
	"employer_id" integer NOT NULL,
	CONSTRAINT "employments_person_id_employer_id_pk" PRIMARY KEY("person_id","employer_id"),
	CONSTRAINT "employments_person" UNIQUE("person_id")
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"person_id" uuid,
	"practitioner_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text,
	CONSTRAINT "messaging_users_person_id_unique" UNIQUE("person_id")
);
--> statement-breakpoint
CREATE TABLE "occupational_team_members" (
	"employer_id" integer NOT NULL,
	"practitioner_id" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "occupational_team_members_employer_id_practitioner_id_pk" PRIMARY KEY("employer_id","practitioner_id")
);
--> statement-breakpoint
CREATE TABLE "professional_absences" (
	"id" serial PRIMARY KEY NOT NULL,
	"absentee_id" uuid NOT NULL,
	"substitute_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"internal_message" text
);
--> statement-breakpoint
CREATE TABLE "thread_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"assignee_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "thread_participants" (
	"thread_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "thread_participants_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_title" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD COLUMN "answers" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "type" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "professional_timestamp" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employments" ADD CONSTRAINT "employments_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employments" ADD CONSTRAINT "employments_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_users" ADD CONSTRAINT "messaging_users_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_users" ADD CONSTRAINT "messaging_users_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_team_members" ADD CONSTRAINT "occupational_team_members_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_team_members" ADD CONSTRAINT "occupational_team_members_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_absences" ADD CONSTRAINT "professional_absences_absentee_id_messaging_users_id_fk" FOREIGN KEY ("absentee_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_absences" ADD CONSTRAINT "professional_absences_substitute_id_messaging_users_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."messaging_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_assignments" ADD CONSTRAINT "thread_assignments_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_assignments" ADD CONSTRAINT "thread_assignments_assignee_id_messaging_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_user_id_messaging_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."messaging_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messaging_users_practitioner_idx" ON "messaging_users" USING btree ("practitioner_id");--> statement-breakpoint
CREATE INDEX "professional_absences_absentee_idx" ON "professional_absences" USING btree ("absentee_id");--> statement-breakpoint
CREATE INDEX "thread_assignments_thread_idx" ON "thread_assignments" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "thread_participants_user_idx" ON "thread_participants" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_messaging_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."messaging_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD CONSTRAINT "questionnaire_invitations_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;