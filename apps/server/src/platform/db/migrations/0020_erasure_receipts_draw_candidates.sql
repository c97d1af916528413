CREATE TABLE "erased_participants" (
	"key" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "scheme" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "candidate_digests" text;--> statement-breakpoint
CREATE INDEX "erased_participants_erased_at_idx" ON "erased_participants" USING btree ("erased_at");--> statement-breakpoint
CREATE INDEX "event_receipts_expires_at_idx" ON "event_receipts" USING btree ("expires_at");--> statement-breakpoint
-- The events received within the default EVENT_RECEIPT_DAYS (7) before this
-- migration: their receipts, running out as if taken when they came.
INSERT INTO "event_receipts" ("id", "expires_at")
SELECT "id", max("received_at") + interval '7 days' FROM "participation_events"
WHERE "received_at" > now() - interval '7 days'
GROUP BY "id";
