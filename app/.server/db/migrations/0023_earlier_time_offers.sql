CREATE TABLE "earlier_time_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earlier_time_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"match" text NOT NULL,
	"practitioner_id" text NOT NULL,
	"specialty_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"until_date" date NOT NULL,
	"lang" text NOT NULL,
	"brand" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_request_id_earlier_time_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."earlier_time_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earlier_time_offers_token_hash_idx" ON "earlier_time_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "earlier_time_offers_one_open_per_appointment" ON "earlier_time_offers" USING btree ("appointment_id") WHERE "earlier_time_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "earlier_time_offers_request_idx" ON "earlier_time_offers" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "earlier_time_requests_one_live_per_reservation" ON "earlier_time_requests" USING btree ("reservation_id") WHERE "earlier_time_requests"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "earlier_time_requests_waiting_idx" ON "earlier_time_requests" USING btree ("created_at") WHERE "earlier_time_requests"."status" = 'waiting';