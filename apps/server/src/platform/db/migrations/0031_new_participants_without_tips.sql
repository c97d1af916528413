CREATE TABLE "merchant_participants_without_tips" (
	"merchant_id" uuid NOT NULL,
	"participant_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"replaced_first_at" timestamp with time zone,
	CONSTRAINT "merchant_participants_without_tips_merchant_id_participant_id_pk" PRIMARY KEY("merchant_id","participant_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_daily_stats" ADD COLUMN "new_participants_without_tips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_deltas" ADD COLUMN "new_participants_without_tips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the campaign participations known so far: each participant's
-- earliest first participation in a campaign of the merchant that is no tip
-- (what the dashboard counted for a user who may not open tips), and per day
-- in the time zone the server set for the migration (app.time_zone).
INSERT INTO "merchant_participants_without_tips" ("merchant_id", "participant_id", "first_at")
SELECT c.merchant_id, cp.participant_id, min(cp.first_at)
  FROM campaign_participants cp
  JOIN campaigns c ON c.id = cp.campaign_id
 WHERE c.type NOT LIKE 'tip/%'
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "merchant_daily_stats" AS t ("merchant_id", "day", "new_participants_without_tips")
SELECT merchant_id,
       (first_at AT TIME ZONE coalesce(nullif(current_setting('app.time_zone', true), ''), 'Europe/Berlin'))::date,
       count(*)::int
  FROM merchant_participants_without_tips
 GROUP BY 1, 2
    ON CONFLICT ("merchant_id", "day") DO UPDATE SET "new_participants_without_tips" = excluded."new_participants_without_tips";
--> statement-breakpoint
CREATE INDEX "merchant_participants_without_tips_participant_idx" ON "merchant_participants_without_tips" USING btree ("participant_id");