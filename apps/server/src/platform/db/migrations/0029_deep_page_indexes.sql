DROP INDEX "campaigns_merchant_valid_from_idx";--> statement-breakpoint
DROP INDEX "campaigns_valid_until_idx";--> statement-breakpoint
DROP INDEX "campaigns_valid_until_desc_idx";--> statement-breakpoint
DROP INDEX "campaigns_modified_idx";--> statement-breakpoint
DROP INDEX "campaigns_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_title_idx";--> statement-breakpoint
DROP INDEX "campaigns_merchant_status_idx";--> statement-breakpoint
DROP INDEX "campaigns_merchant_modified_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "title_sort" text GENERATED ALWAYS AS (left(coalesce(lower("campaigns"."title" ->> 'de'), ''), 200)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_merchant_valid_from_desc_idx" ON "campaigns" USING btree ("merchant_id","valid_from" DESC NULLS LAST,"id" DESC NULLS LAST,"status","type");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_valid_until_idx" ON "campaigns" USING btree ("merchant_id","valid_until","id","status","type");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_valid_until_desc_idx" ON "campaigns" USING btree ("merchant_id","valid_until" DESC NULLS LAST,"id" DESC NULLS LAST,"status","type");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_created_idx" ON "campaigns" USING btree ("merchant_id","created_at","id","status","type");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_title_idx" ON "campaigns" USING btree ("merchant_id","title_sort","id","status","type");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_type_idx" ON "campaigns" USING btree ("merchant_id","type","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_valid_from_idx" ON "campaigns" USING btree ("merchant_id","valid_from","id","status","type");--> statement-breakpoint
CREATE INDEX "campaigns_valid_until_idx" ON "campaigns" USING btree ("valid_until","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_valid_until_desc_idx" ON "campaigns" USING btree ("valid_until" DESC NULLS LAST,"id" DESC NULLS LAST,"status");--> statement-breakpoint
CREATE INDEX "campaigns_modified_idx" ON "campaigns" USING btree ("modified_at","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_title_idx" ON "campaigns" USING btree ("title_sort","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_status_idx" ON "campaigns" USING btree ("merchant_id","status","id","type");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_modified_idx" ON "campaigns" USING btree ("merchant_id","modified_at","id","status","type");