import { z } from 'zod';

export interface OpsConfig {
  port: number;
  host: string;
  secret: string;
}

const opsEnvironment = z.object({
  OPS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  OPS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  OPS_SECRET: z.string().min(32).optional(),
});

/**
 * OPS_PORT, OPS_HOST (default 127.0.0.1) and OPS_SECRET (at least 32 characters): the operator's
 * endpoints (server/ops/ops-server.ts) run only when both the port and the secret are set.
 */
export function loadOpsConfig(environment: NodeJS.ProcessEnv = process.env): OpsConfig | undefined {
  const parsed = opsEnvironment.parse(environment);
  if (parsed.OPS_PORT === undefined && parsed.OPS_SECRET === undefined) return undefined;
  if (parsed.OPS_PORT === undefined || parsed.OPS_SECRET === undefined) {
    throw new Error('OPS_PORT and OPS_SECRET go together: set both, or neither.');
  }
  return { port: parsed.OPS_PORT, host: parsed.OPS_HOST, secret: parsed.OPS_SECRET };
}
