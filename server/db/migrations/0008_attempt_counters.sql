CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counters_window_ends_at_idx" ON "attempt_counters" USING btree ("window_ends_at");