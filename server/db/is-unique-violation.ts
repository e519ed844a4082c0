const uniqueViolation = '23505';

/**
 * True when a query failed on a unique constraint. Drizzle wraps driver errors, so the
 * PostgreSQL error code may sit on the error or on its cause, with PGlite and node-postgres alike.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === uniqueViolation) return true;
  }
  return false;
}
