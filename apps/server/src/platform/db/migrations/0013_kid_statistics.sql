CREATE TABLE "campaign_daily_kid_stats" (
	"campaign_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"gender" text NOT NULL,
	"birth_year" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_kid_stats_campaign_id_day_kind_gender_birth_year_pk" PRIMARY KEY("campaign_id","day","kind","gender","birth_year") INCLUDE ("merchant_id", "count")
);
--> statement-breakpoint
CREATE TABLE "merchant_daily_kid_stats" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"gender" text NOT NULL,
	"birth_year" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_daily_kid_stats_merchant_id_day_kind_gender_birth_year_pk" PRIMARY KEY("merchant_id","day","kind","gender","birth_year") INCLUDE ("count")
);
--> statement-breakpoint
-- The keys carry the counts (INCLUDE), so that a chart's sum over a range is an
-- index-only scan: the rows of a merchant's days lie on as many heap pages as
-- rows. Index-only scans need pages marked all-visible, so these tables are
-- vacuumed early (past days no longer change).
ALTER TABLE "campaign_daily_kid_stats" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "merchant_daily_kid_stats" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
--> statement-breakpoint
-- The kid statistics one participant's profile contributes: their own gender,
-- their youngest kid (the latest birth year; a kid without one last), every
-- kid. '' and 0 stand for a gender or birth year not given.
CREATE FUNCTION participant_kid_facts(person_gender text, kids jsonb)
  RETURNS TABLE (kind text, gender text, birth_year integer)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT 'person', coalesce(person_gender, ''), 0
    UNION ALL
    (SELECT 'youngest', coalesce(kid ->> 'gender', ''), coalesce((kid ->> 'birth_year')::int, 0)
       FROM jsonb_array_elements(kids) kid
      ORDER BY (kid ->> 'birth_year')::int DESC NULLS LAST
      LIMIT 1)
    UNION ALL
    SELECT 'kid', coalesce(kid ->> 'gender', ''), coalesce((kid ->> 'birth_year')::int, 0)
      FROM jsonb_array_elements(kids) kid
  $$;
--> statement-breakpoint
-- Backfill from the participants known so far, with their profile as it is
-- now; days in the time zone the server set for the migration (app.time_zone).
INSERT INTO campaign_daily_kid_stats (campaign_id, merchant_id, day, kind, gender, birth_year, count)
SELECT cp.campaign_id, c.merchant_id,
       (cp.first_at AT TIME ZONE coalesce(nullif(current_setting('app.time_zone', true), ''), 'Europe/Berlin'))::date,
       f.kind, f.gender, f.birth_year, count(*)::int
  FROM campaign_participants cp
  JOIN campaigns c ON c.id = cp.campaign_id
  JOIN participants p ON p.id = cp.participant_id
 CROSS JOIN LATERAL participant_kid_facts(p.gender, p.kids) f
 GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO merchant_daily_kid_stats (merchant_id, day, kind, gender, birth_year, count)
SELECT mp.merchant_id,
       (mp.first_at AT TIME ZONE coalesce(nullif(current_setting('app.time_zone', true), ''), 'Europe/Berlin'))::date,
       f.kind, f.gender, f.birth_year, count(*)::int
  FROM merchant_participants mp
  JOIN participants p ON p.id = mp.participant_id
 CROSS JOIN LATERAL participant_kid_facts(p.gender, p.kids) f
 GROUP BY 1, 2, 3, 4, 5;
