CREATE TABLE "image_files" (
	"key" text PRIMARY KEY NOT NULL,
	"image_key" text NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"crop" jsonb,
	"made_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_files_image_key_idx" ON "image_files" USING btree ("image_key");