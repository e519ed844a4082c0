/**
 * A new key for a call the page may send again (a visitor's booking, a new visitor pass;
 * contract/visitor-pass.ts, `requestKeySchema`): a random UUID, the same for every try of one
 * call, so that the host answers a try whose first answer was lost with what that first try made.
 * None where the page is not a secure context (served over plain HTTP), which has no
 * `crypto.randomUUID`: the host then treats each try as new, as it did before keys.
 */
export function newRequestKey(): string | null {
  return typeof globalThis.crypto?.randomUUID === 'function'
    ? globalThis.crypto.randomUUID()
    : null;
}
