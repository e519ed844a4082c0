import { defineConfig } from 'drizzle-kit';

// One schema and one migration set serve both PGlite and PostgreSQL: `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
