-- Ingest adds to a campaign's counters with every batch. Room left on each
-- page lets PostgreSQL update the row in place (a heap-only tuple), without
-- a new entry in each of the campaign list's twenty indexes; the daily
-- rollups are upserted the same way. Applies to pages written from now on.
ALTER TABLE "campaigns" SET (fillfactor = 85);
--> statement-breakpoint
ALTER TABLE "campaign_daily_stats" SET (fillfactor = 85);
--> statement-breakpoint
ALTER TABLE "merchant_daily_stats" SET (fillfactor = 85);
