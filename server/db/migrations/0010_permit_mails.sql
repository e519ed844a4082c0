CREATE TABLE "permit_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permit_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"permit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_expires_at" timestamp with time zone,
	"outcome" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "permit_mails_kind" CHECK ("permit_mails"."kind" in ('created', 'active', 'cancelled', 'reminder')),
	CONSTRAINT "permit_mails_outcome" CHECK ("permit_mails"."outcome" in ('sent', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_link_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "permit_mails" ADD CONSTRAINT "permit_mails_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permit_mails_permit_kind_idx" ON "permit_mails" USING btree ("permit_id","kind");--> statement-breakpoint
CREATE INDEX "permit_mails_pending_idx" ON "permit_mails" USING btree ("next_attempt_at") WHERE "permit_mails"."outcome" is null;--> statement-breakpoint
-- Written by hand below (the schema file cannot express a trigger): every permit created, and
-- every permit that becomes ACTIVE or CANCELLED, owes its resident one confirmation, recorded in
-- the same transaction as the change, whichever process makes it (a route or a reconciler).
-- ON CONFLICT: a permit that becomes ACTIVE again after an update is not confirmed twice.
CREATE FUNCTION "permit_mails_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "permit_mails" ("permit_id", "kind", "status")
      VALUES (NEW."id", 'created', NEW."status") ON CONFLICT DO NOTHING;
  ELSIF NEW."status" IS DISTINCT FROM OLD."status" AND NEW."status" IN ('ACTIVE', 'CANCELLED') THEN
    INSERT INTO "permit_mails" ("permit_id", "kind", "status")
      VALUES (NEW."id", CASE NEW."status" WHEN 'ACTIVE' THEN 'active' ELSE 'cancelled' END, NEW."status")
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "permit_mails_on_change" AFTER INSERT OR UPDATE OF "status" ON "permits"
  FOR EACH ROW EXECUTE FUNCTION "permit_mails_on_change"();
