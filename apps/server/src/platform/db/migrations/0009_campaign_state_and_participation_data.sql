CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "campaign_daily_stats" (
	"campaign_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"participations" integer DEFAULT 0 NOT NULL,
	"first_participations" integer DEFAULT 0 NOT NULL,
	"view_list" integer DEFAULT 0 NOT NULL,
	"view_detail" integer DEFAULT 0 NOT NULL,
	"view_mail" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_stats_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_participants" (
	"campaign_id" uuid NOT NULL,
	"participant_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_participants_campaign_id_participant_id_pk" PRIMARY KEY("campaign_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"seed" text NOT NULL,
	"participants_hash" text NOT NULL,
	"participant_count" integer NOT NULL,
	"manual" boolean NOT NULL,
	"drawn_by" uuid,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_campaign_id_unique" UNIQUE("campaign_id")
);
--> statement-breakpoint
CREATE TABLE "event_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_daily_stats" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"participations" integer DEFAULT 0 NOT NULL,
	"first_participations" integer DEFAULT 0 NOT NULL,
	"view_list" integer DEFAULT 0 NOT NULL,
	"view_detail" integer DEFAULT 0 NOT NULL,
	"view_mail" integer DEFAULT 0 NOT NULL,
	"new_participants" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_daily_stats_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "merchant_participants" (
	"merchant_id" uuid NOT NULL,
	"participant_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_participants_merchant_id_participant_id_pk" PRIMARY KEY("merchant_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" text PRIMARY KEY NOT NULL,
	"gender" text,
	"birth_year" integer,
	"kids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participation_events" (
	"id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"participant_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participation_events_occurred_at_id_pk" PRIMARY KEY("occurred_at","id")
);
--> statement-breakpoint
CREATE TABLE "wins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draw_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"prize_index" integer NOT NULL,
	"participant_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "validation_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "validation_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wins" ADD CONSTRAINT "wins_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_participants_participant_idx" ON "campaign_participants" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "merchant_participants_participant_idx" ON "merchant_participants" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "participation_events_participant_idx" ON "participation_events" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "wins_merchant_status_idx" ON "wins" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE INDEX "wins_campaign_idx" ON "wins" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "wins_participant_idx" ON "wins" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "campaigns_image_path_idx" ON "campaigns" USING btree ("image_path");--> statement-breakpoint
CREATE INDEX "campaigns_validation_version_idx" ON "campaigns" USING btree ("validation_version");