/**
 * The placeholder behind every side effect a machine names: the app (or a test) replaces it
 * through `machine.provide(...)`, so reaching it means a wiring mistake, reported by name.
 */
export function missingImplementation(
  machineId: string,
  kind: 'actor' | 'action',
  name: string,
): never {
  throw new Error(`${machineId}Machine: the app must provide the "${name}" ${kind}`);
}
