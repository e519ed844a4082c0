CREATE TABLE "permits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"reference_no" text NOT NULL,
	"label" boolean DEFAULT false NOT NULL,
	"vrm" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"driver_first" text DEFAULT '' NOT NULL,
	"driver_last" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"start_ts" timestamp with time zone NOT NULL,
	"end_ts" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"pending_start_ts" timestamp with time zone,
	"pending_end_ts" timestamp with time zone,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permits_status" CHECK ("permits"."status" in ('ACTIVE', 'SCHEDULED', 'QUEUED', 'CANCEL_PENDING', 'CANCELLED', 'CANCEL_FAILED', 'UPDATE_PENDING', 'UPDATE_FAILED', 'EXPIRE_PENDING', 'EXPIRED', 'FAILED', 'FAILED_LIMIT')),
	CONSTRAINT "permits_ends_after_start" CHECK ("permits"."end_ts" > "permits"."start_ts")
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "permit_cap_type" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "permit_cap_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permits_user_created_idx" ON "permits" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "permits_status_next_attempt_idx" ON "permits" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_cap_type" CHECK ("site_settings"."permit_cap_type" in ('monthly', 'quarterly'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_cap_limit_not_negative" CHECK ("site_settings"."permit_cap_limit" >= 0);