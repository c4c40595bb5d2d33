ALTER TABLE "people" ADD COLUMN "occupational_phone_service_description" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "occupational_contract_product_ids" text[] DEFAULT '{}' NOT NULL;