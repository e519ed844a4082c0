-- Custom migration (drizzle-kit generate --custom): constraints the schema file cannot express.
-- One vehicle cannot hold two permits whose times overlap, whoever's they are (spec section 5,
-- "Duplicate permits for the same vehicle and time period are prevented by the system"). The
-- database enforces it, so two simultaneous identical requests create exactly one permit.
ALTER TABLE "permits" ADD CONSTRAINT "permits_no_overlap_per_vehicle"
  EXCLUDE USING gist ("vrm" WITH =, tstzrange("start_ts", "end_ts", '[)') WITH &&)
  WHERE ("status" NOT IN ('CANCELLED', 'EXPIRED', 'FAILED', 'FAILED_LIMIT'));
--> statement-breakpoint
-- A resident's held permits do not share a reference number ("An active permit already exists
-- with reference number …").
CREATE UNIQUE INDEX "permits_held_reference_per_user" ON "permits" ("user_id", "reference_no")
  WHERE ("status" NOT IN ('CANCELLED', 'EXPIRED', 'FAILED', 'FAILED_LIMIT'));
