DROP INDEX "campaigns_valid_from_idx";--> statement-breakpoint
DROP INDEX "campaigns_valid_from_desc_idx";--> statement-breakpoint
DROP INDEX "campaigns_type_idx";--> statement-breakpoint
CREATE INDEX "campaigns_status_valid_from_idx" ON "campaigns" USING btree ("status","valid_from","id");--> statement-breakpoint
CREATE INDEX "campaigns_approved_valid_from_idx" ON "campaigns" USING btree ("valid_from","id","valid_until") WHERE "campaigns"."status" in ('approved', 'active');--> statement-breakpoint
CREATE INDEX "campaigns_unapproved_valid_from_idx" ON "campaigns" USING btree ("valid_from","id","valid_until") WHERE "campaigns"."status" in ('created', 'submitted', 'start_review');--> statement-breakpoint
CREATE INDEX "campaigns_valid_from_idx" ON "campaigns" USING btree ("valid_from","id","valid_until","status");--> statement-breakpoint
CREATE INDEX "campaigns_valid_from_desc_idx" ON "campaigns" USING btree ("valid_from" DESC NULLS LAST,"id" DESC NULLS LAST,"valid_until","status");--> statement-breakpoint
CREATE INDEX "campaigns_type_idx" ON "campaigns" USING btree ("type","id","status");