ALTER TABLE "locations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_code_sets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;