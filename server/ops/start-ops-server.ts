import type { Database } from '../db/database';
import type { OpsConfig } from './ops-config';
import type { OpsMetrics } from './ops-metrics';
import { buildOpsServer } from './ops-server';

export interface RunningOpsServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the operator's endpoints (ops-server.ts) on config.host:config.port (0: a free port). */
export async function startOpsServer(
  config: OpsConfig,
  deps: { db: Database; metrics: OpsMetrics },
): Promise<RunningOpsServer> {
  const app = buildOpsServer({ ...deps, secret: config.secret });
  const url = await app.listen({ host: config.host, port: config.port });
  return { url, close: () => app.close() };
}
