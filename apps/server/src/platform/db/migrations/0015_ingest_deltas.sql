-- Ingest appends what each batch adds to stat_deltas / kid_stat_deltas, and
-- one fold at a time moves it into the rollups and the counters (no batch
-- waits for another's rows). The counters leave the wide campaign row for a
-- narrow table that the fold updates in place. The raw events' key (time, id)
-- is the receipt that makes ingest idempotent; event_receipts goes.
CREATE TABLE "campaign_counters" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"participations" integer DEFAULT 0 NOT NULL,
	"distinct_users" integer DEFAULT 0 NOT NULL,
	"view_list" integer DEFAULT 0 NOT NULL,
	"view_detail" integer DEFAULT 0 NOT NULL,
	"view_mail" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kid_stat_deltas" (
	"campaign_id" uuid,
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"gender" text NOT NULL,
	"birth_year" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_deltas" (
	"campaign_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"participations" integer DEFAULT 0 NOT NULL,
	"first_participations" integer DEFAULT 0 NOT NULL,
	"view_list" integer DEFAULT 0 NOT NULL,
	"view_detail" integer DEFAULT 0 NOT NULL,
	"view_mail" integer DEFAULT 0 NOT NULL,
	"new_participants" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP TABLE "event_receipts" CASCADE;--> statement-breakpoint
-- Only events about a participant keep who it was (views count without it):
-- the erasure index holds those alone.
DROP INDEX "participation_events_participant_idx";--> statement-breakpoint
CREATE INDEX "participation_events_participant_idx" ON "participation_events" USING btree ("participant_id") WHERE "participation_events"."participant_id" is not null;--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD CONSTRAINT "campaign_counters_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "campaign_counters" ("campaign_id", "participations", "distinct_users", "view_list", "view_detail", "view_mail")
SELECT "id", "participations", "distinct_users", "view_list", "view_detail", "view_mail" FROM "campaigns"
WHERE "participations" + "distinct_users" + "view_list" + "view_detail" + "view_mail" > 0;--> statement-breakpoint
-- Room on every page for the fold's in-place updates.
ALTER TABLE "campaign_counters" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "participations";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "distinct_users";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "view_list";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "view_detail";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "view_mail";