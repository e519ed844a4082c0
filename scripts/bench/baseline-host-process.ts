// The baseline route (baseline-app.ts) in a process of its own, as the API host under test runs.
// Started by start-baseline-process.ts.
import { Pool } from 'pg';
import { buildBaselineApp } from './baseline-app';
import { serveUntilStopped } from './serve-until-stopped';
import type { BaselineOptions } from './start-baseline-process';

serveUntilStopped<BaselineOptions>(async ({ databaseUrl, residentId, statements }) => {
  const pool = new Pool({ connectionString: databaseUrl });
  const app = buildBaselineApp({ pool, residentId, statements });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      url,
      close: async () => {
        await app.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
});
