CREATE TABLE "erased_participants" (
	"key" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
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
CREATE INDEX "event_receipts_occurred_at_idx" ON "event_receipts" USING btree ("occurred_at");--> statement-breakpoint
-- The events stored before the receipts: each id's receipt, at its earliest time.
INSERT INTO "event_receipts" ("id", "occurred_at")
SELECT "id", min("occurred_at") FROM "participation_events" GROUP BY "id";
