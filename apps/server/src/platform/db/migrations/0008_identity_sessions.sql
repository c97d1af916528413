CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "account_invitations_user_idx";--> statement-breakpoint
ALTER TABLE "account_invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "account_invitations_merchant_idx" ON "account_invitations" USING btree ("merchant_id","created_at");--> statement-breakpoint
-- Bindings written before this migration followed the email alone (a token
-- with someone's email took over that user), so none of them is trusted: each
-- external user binds again at the next sign-in, by a verified email.
UPDATE "users" SET "external_issuer" = NULL, "external_subject" = NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_external_identity_unique" ON "users" USING btree ("external_issuer","external_subject");--> statement-breakpoint
CREATE INDEX "account_invitations_user_idx" ON "account_invitations" USING btree ("user_id","created_at");