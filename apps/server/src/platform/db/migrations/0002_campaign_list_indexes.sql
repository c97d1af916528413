DROP INDEX "campaigns_merchant_valid_from_idx";--> statement-breakpoint
CREATE INDEX "campaigns_valid_from_idx" ON "campaigns" USING btree ("valid_from","id");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_status_idx" ON "campaigns" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_modified_idx" ON "campaigns" USING btree ("merchant_id","modified_at");--> statement-breakpoint
CREATE INDEX "campaigns_merchant_valid_from_idx" ON "campaigns" USING btree ("merchant_id","valid_from","id");