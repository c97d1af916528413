-- Addresses stored with their domain's final dot ("silver@example.com.") are
-- the mailboxes without it; from now on every address is stored without it
-- (normaliseEmailText). Such a row takes the address without its final dots,
-- unless another row has that address already or several such rows would
-- take it: those are left as they are (sign-in, adding and inviting now find
-- the row without the dot, so they are reached by no address any more) for an
-- operator to look at (`select id, email from users where email like '%.'`).
-- An address whose domain is dots alone ("a@.") is left too.
UPDATE "users" AS "u"
SET "email" = "t"."target", "updated_at" = now()
FROM (
  SELECT "id", regexp_replace("email", '\.+$', '') AS "target"
  FROM "users"
  WHERE "email" ~ '@.*[^.@]\.+$'
) AS "t"
WHERE "u"."id" = "t"."id"
  AND NOT EXISTS (SELECT 1 FROM "users" AS "o" WHERE "o"."email" = "t"."target")
  AND (
    SELECT count(*) FROM "users" AS "d"
    WHERE "d"."email" ~ '@.*[^.@]\.+$' AND regexp_replace("d"."email", '\.+$', '') = "t"."target"
  ) = 1;
