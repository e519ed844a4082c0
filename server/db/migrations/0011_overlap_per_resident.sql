-- Custom migration (drizzle-kit generate --custom): the duplicate rule is scoped to one resident
-- (docs/decisions/017-duplicate-permits-per-resident.md). Migration 0003 refused a vehicle's
-- overlapping permits whoever held them, so one resident could block a car for everyone else and
-- learn from the refusal when it was booked. A resident still cannot hold two overlapping permits
-- for one vehicle, and the database still enforces it, so two simultaneous identical requests
-- create exactly one permit.
ALTER TABLE "permits" DROP CONSTRAINT "permits_no_overlap_per_vehicle";
--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_no_overlap_per_resident_vehicle"
  EXCLUDE USING gist ("user_id" WITH =, "vrm" WITH =, tstzrange("start_ts", "end_ts", '[)') WITH &&)
  WHERE ("status" NOT IN ('CANCELLED', 'EXPIRED', 'FAILED', 'FAILED_LIMIT'));
