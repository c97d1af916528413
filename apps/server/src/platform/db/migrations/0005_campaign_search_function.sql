-- Trigram indexes make the list's text filter (a substring in any title or the id) fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The text the list's filter searches: every locale's title and the id. Immutable
-- (jsonb keys are stored sorted), so a generated column can store it.
CREATE FUNCTION campaign_search_text(title jsonb, id uuid) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(value, E'\n'), '') || E'\n' || id::text FROM jsonb_each_text(title) $$;
