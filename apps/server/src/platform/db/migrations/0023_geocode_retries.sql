ALTER TABLE "location_import_jobs" ADD COLUMN "geocoder_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "geocode_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "geocode_retry_at" timestamp with time zone;