DROP INDEX "campaigns_status_idx";--> statement-breakpoint
CREATE INDEX "campaigns_valid_from_desc_idx" ON "campaigns" USING btree ("valid_from" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_valid_until_idx" ON "campaigns" USING btree ("valid_until","id");--> statement-breakpoint
CREATE INDEX "campaigns_valid_until_desc_idx" ON "campaigns" USING btree ("valid_until" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_modified_idx" ON "campaigns" USING btree ("modified_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_title_idx" ON "campaigns" USING btree (coalesce(lower("title" ->> 'de'), ''),"id");--> statement-breakpoint
CREATE INDEX "campaigns_type_idx" ON "campaigns" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","id");