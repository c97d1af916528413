DROP INDEX "campaigns_title_idx";--> statement-breakpoint
CREATE INDEX "campaigns_title_idx" ON "campaigns" USING btree (left(coalesce(lower("title" ->> 'de'), ''), 200),"id");--> statement-breakpoint
-- Campaigns saved before the limits of issue 10 are brought within them, so
-- that every stored campaign can be answered: texts are cut to
-- CAMPAIGN_TEXT_LIMITS (counted in UTF-16 code units, as the API counts: a
-- character outside the BMP counts twice), a landing page over its limit is
-- emptied, and a date outside 1970 to 9999 (ZDateTime) is removed.
CREATE FUNCTION pg_temp.utf16_left(value text, max_units integer) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE
    WHEN length(value) + length(regexp_replace(value, '[^\U00010000-\U0010FFFF]', '', 'g')) <= max_units
      THEN value
    ELSE left(value, max_units - length(regexp_replace(left(value, max_units), '[^\U00010000-\U0010FFFF]', '', 'g')))
  END $$;
--> statement-breakpoint
CREATE FUNCTION pg_temp.clamp_localised(texts jsonb, max_units integer) RETURNS jsonb
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT coalesce(jsonb_object_agg(key, pg_temp.utf16_left(value, max_units)), '{}'::jsonb)
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(texts) = 'object' THEN texts ELSE '{}'::jsonb END) $$;
--> statement-breakpoint
CREATE FUNCTION pg_temp.date_in_range(value text) RETURNS jsonb
  LANGUAGE sql STABLE
  AS $$ SELECT CASE
    WHEN value IS NULL OR value !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T' THEN 'null'::jsonb
    WHEN left(value, 4)::integer NOT BETWEEN 1970 AND 9999 THEN 'null'::jsonb
    WHEN value::timestamptz NOT BETWEEN '1970-01-01T00:00:00Z' AND '9999-12-31T23:59:59.999Z' THEN 'null'::jsonb
    ELSE to_jsonb(value)
  END $$;
--> statement-breakpoint
WITH clamped AS (
  SELECT
    id,
    pg_temp.clamp_localised(title, 200) AS title,
    content || jsonb_build_object(
      'title', pg_temp.clamp_localised(content -> 'title', 200),
      'short_description', pg_temp.clamp_localised(content -> 'short_description', 1000),
      'description', pg_temp.clamp_localised(content -> 'description', 20000),
      'landing_page', CASE
        WHEN length(coalesce(content ->> 'landing_page', '')) <= 1000
          OR pg_temp.utf16_left(content ->> 'landing_page', 2000) = content ->> 'landing_page'
          THEN coalesce(content ->> 'landing_page', '')
        ELSE ''
      END,
      'valid_from', pg_temp.date_in_range(content ->> 'valid_from'),
      'valid_until', pg_temp.date_in_range(content ->> 'valid_until')
    ) || CASE
      WHEN jsonb_typeof(content -> 'coupon') = 'object' THEN jsonb_build_object(
        'coupon', (content -> 'coupon') || jsonb_build_object(
          'expiry', pg_temp.date_in_range(content -> 'coupon' ->> 'expiry')))
      ELSE '{}'::jsonb
    END AS content,
    CASE WHEN valid_from BETWEEN '1970-01-01T00:00:00Z' AND '9999-12-31T23:59:59.999Z' THEN valid_from END AS valid_from,
    CASE WHEN valid_until BETWEEN '1970-01-01T00:00:00Z' AND '9999-12-31T23:59:59.999Z' THEN valid_until END AS valid_until
  FROM campaigns
)
UPDATE campaigns
SET title = clamped.title, content = clamped.content,
  valid_from = clamped.valid_from, valid_until = clamped.valid_until,
  -- Their stored errors were computed from the old texts: recomputed at start.
  validation_version = 0
FROM clamped
WHERE campaigns.id = clamped.id
  AND (campaigns.title <> clamped.title OR campaigns.content <> clamped.content
    OR campaigns.valid_from IS DISTINCT FROM clamped.valid_from
    OR campaigns.valid_until IS DISTINCT FROM clamped.valid_until);
--> statement-breakpoint
DROP FUNCTION pg_temp.date_in_range(text);
--> statement-breakpoint
DROP FUNCTION pg_temp.clamp_localised(jsonb, integer);
--> statement-breakpoint
DROP FUNCTION pg_temp.utf16_left(text, integer);
