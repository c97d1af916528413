CREATE TABLE "access_code_set_campaigns" (
	"set_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	CONSTRAINT "access_code_set_campaigns_set_id_campaign_id_pk" PRIMARY KEY("set_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "access_code_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"internal_name" text NOT NULL,
	"type" text NOT NULL,
	"hint_title" text NOT NULL,
	"hint_text" text NOT NULL,
	"is_promo_code" boolean DEFAULT false NOT NULL,
	"is_bonuscard" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"editor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_code_sets_internal_name_unique" UNIQUE("internal_name")
);
--> statement-breakpoint
CREATE TABLE "access_code_uses" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"set_id" uuid NOT NULL,
	"code" text NOT NULL,
	"unique_code" text,
	"campaign_id" uuid,
	"participant_id" text,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_codes" (
	"set_id" uuid NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "access_codes_set_id_code_pk" PRIMARY KEY("set_id","code")
);
--> statement-breakpoint
ALTER TABLE "access_code_set_campaigns" ADD CONSTRAINT "access_code_set_campaigns_set_id_access_code_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."access_code_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_set_campaigns" ADD CONSTRAINT "access_code_set_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_sets" ADD CONSTRAINT "access_code_sets_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_uses" ADD CONSTRAINT "access_code_uses_set_id_access_code_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."access_code_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_uses" ADD CONSTRAINT "access_code_uses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_set_id_access_code_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."access_code_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_code_set_campaigns_campaign_idx" ON "access_code_set_campaigns" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_code_uses_unique_code_idx" ON "access_code_uses" USING btree ("set_id","unique_code");--> statement-breakpoint
CREATE INDEX "access_code_uses_set_used_idx" ON "access_code_uses" USING btree ("set_id","used_at");--> statement-breakpoint
CREATE INDEX "access_code_uses_participant_idx" ON "access_code_uses" USING btree ("participant_id");