-- Names compared as German readers compare them (issue 30, point 9): the key
-- of a name is lower case, umlauts and accented letters without their marks
-- (ä → a, é → e), ß/ẞ as ss, Æ/Œ as ae/oe, tabs, line breaks and no-break
-- spaces as spaces, runs of spaces as one, no space at either end. Only
-- translate() and replace() on explicit letters, never lower() or a
-- collation: they differ between PostgreSQL builds (PGlite's C locale lowers
-- ASCII alone), and the key must be the same on every database. The merchant
-- list orders by the key and filters on it ("back" finds "Bäckerei"), and
-- one merchant and one access-code set may carry a name (a unique key).
CREATE FUNCTION fold_name(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(translate(
    replace(replace(replace(replace(replace(replace(replace(replace(value,
      'ß', 'ss'), 'ẞ', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'Ĳ', 'ij'), 'ĳ', 'ij'),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž' || E'\t\n\r\u00A0',
    'abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzz' || '    '),
    ' {2,}', ' ', 'g'), ' ') $$;
--> statement-breakpoint
-- Names stored before the rule may repeat a key. Such rows keep their data:
-- the first by creation keeps its name, each later one gets its id's first
-- eight characters appended ("Adler (3f2a9c1b)", cut to stay within the 200
-- characters of a name), so that the unique index below can be built on any
-- database; an admin renames them at leisure. The version goes up, so that an
-- editor's copy read before the rename is not saved over it unseen.
UPDATE "merchants" AS "m"
SET "name" = left("m"."name", 189) || ' (' || left("m"."id"::text, 8) || ')',
  "version" = "m"."version" + 1, "updated_at" = now()
FROM (
  SELECT "id", row_number() OVER (PARTITION BY fold_name("name") ORDER BY "created_at", "id") AS "rank"
  FROM "merchants"
) AS "d"
WHERE "m"."id" = "d"."id" AND "d"."rank" > 1;
--> statement-breakpoint
UPDATE "access_code_sets" AS "s"
SET "name" = left("s"."name", 189) || ' (' || left("s"."id"::text, 8) || ')',
  "version" = "s"."version" + 1, "modified_at" = now()
FROM (
  SELECT "id", row_number() OVER (PARTITION BY fold_name("name") ORDER BY "created_at", "id") AS "rank"
  FROM "access_code_sets"
) AS "d"
WHERE "s"."id" = "d"."id" AND "d"."rank" > 1;
--> statement-breakpoint
DROP INDEX "merchants_name_idx";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "name_key" text GENERATED ALWAYS AS (fold_name("merchants"."name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "access_code_sets" ADD COLUMN "name_key" text GENERATED ALWAYS AS (fold_name("access_code_sets"."name")) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_name_key_unique" ON "merchants" USING btree ("name_key" collate "C");--> statement-breakpoint
CREATE UNIQUE INDEX "access_code_sets_name_key_unique" ON "access_code_sets" USING btree ("name_key");
