-- Custom migration (drizzle-kit generate --custom): the indexes `npm run bench` showed the permit
-- endpoints need with 10,000 permits for one resident (README "Performance"; the benchmark
-- drops and recreates exactly these statements to measure without and with them).
--
-- The list, newest first (server/permits/list-permits.ts orders by created_at DESC, id DESC).
-- 0002's permits_user_created_idx is DESC NULLS LAST, which does not match that ORDER BY
-- (DESC means NULLS FIRST), so PostgreSQL sorted all of the resident's permits for every page.
CREATE INDEX "permits_user_newest_idx" ON "permits" USING btree ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The held-permit count taken under the resident's row lock on every create and activation,
-- the list's count, and its status filter: answered from the index alone.
CREATE INDEX "permits_user_status_idx" ON "permits" USING btree ("user_id", "status");
--> statement-breakpoint
-- Search: a pg_trgm GIN index serves ILIKE '%term%' only when its expression is the query's
-- expression exactly, so these repeat list-permits.ts's search expressions character for
-- character: change both together. The registration (the term without spaces):
CREATE INDEX "permits_vrm_trgm_idx" ON "permits" USING gin ("vrm" gin_trgm_ops);
--> statement-breakpoint
-- and the other searchable text fields, matched together as one string.
CREATE INDEX "permits_search_text_trgm_idx" ON "permits" USING gin (
  ("reference_no" || ' ' || "make" || ' ' || "model" || ' ' || "colour" || ' ' || "driver_first" || ' ' || "driver_last") gin_trgm_ops
);
