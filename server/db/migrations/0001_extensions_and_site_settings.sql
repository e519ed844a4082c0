-- Custom migration (drizzle-kit generate --custom): what the schema file cannot express.
-- btree_gist backs the permit exclusion constraint (no overlapping permits for one vehicle) and
-- pg_trgm the permit search; both are trusted extensions in PostgreSQL 13+ and ship with PGlite.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The single site-settings row, with the column defaults.
INSERT INTO "site_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
