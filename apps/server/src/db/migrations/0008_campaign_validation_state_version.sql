ALTER TABLE "campaigns" ADD COLUMN "validation_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "validation_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_image_path_idx" ON "campaigns" USING btree ("image_path");--> statement-breakpoint
CREATE INDEX "campaigns_validation_version_idx" ON "campaigns" USING btree ("validation_version");