CREATE TABLE "visitor_passes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_passes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"uses_allowed" integer NOT NULL,
	"uses_left" integer NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_passes_ends_after_start" CHECK ("visitor_passes"."valid_until" > "visitor_passes"."valid_from"),
	CONSTRAINT "visitor_passes_uses_allowed" CHECK ("visitor_passes"."uses_allowed" between 1 and 10),
	CONSTRAINT "visitor_passes_uses_left" CHECK ("visitor_passes"."uses_left" between 0 and "visitor_passes"."uses_allowed")
);
--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "visitor_pass_id" integer;--> statement-breakpoint
ALTER TABLE "visitor_passes" ADD CONSTRAINT "visitor_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_passes_token_hash_idx" ON "visitor_passes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "visitor_passes_user_idx" ON "visitor_passes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_visitor_pass_id_visitor_passes_id_fk" FOREIGN KEY ("visitor_pass_id") REFERENCES "public"."visitor_passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permits_visitor_pass_idx" ON "permits" USING btree ("visitor_pass_id") WHERE "permits"."visitor_pass_id" is not null;