interface DriverError {
  code?: unknown;
  constraint?: unknown;
}

/**
 * The SQLSTATE and, where the driver names it, the constraint of a failed query. Drizzle wraps
 * driver errors, so they may sit on the error or on its cause, with PGlite and node-postgres alike;
 * only a five-character SQLSTATE counts, not a Node error code such as ECONNRESET.
 */
export function constraintViolation(error: unknown): { code: string; constraint?: string } | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as DriverError;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return null;
}

/** True when a query failed on a unique constraint (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return constraintViolation(error)?.code === '23505';
}
