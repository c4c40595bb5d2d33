CREATE TABLE "questionnaire_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"invitation_id" integer NOT NULL,
	"file_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaire_files" ADD CONSTRAINT "questionnaire_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_files" ADD CONSTRAINT "questionnaire_files_invitation_id_questionnaire_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."questionnaire_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_files_invitation_idx" ON "questionnaire_files" USING btree ("invitation_id");