import type { Database } from '../db/database';
import type { PermitRow } from '../db/schema';

/** What the allowance transaction decided for one queued permit (process-claimed-permit.ts). */
export type ActivationVerdict = 'reserved' | 'refused' | 'changed';

/** The check and reservation of one permit's activation, run inside the transaction it is given. */
export type ReserveInTransaction = (
  tx: Database,
  permit: PermitRow,
  lease: Date,
) => Promise<ActivationVerdict>;

interface Waiting {
  permit: PermitRow;
  lease: Date;
  resolve(verdict: ActivationVerdict): void;
  reject(error: unknown): void;
}

/**
 * Runs the activation checks of one resident's permits together. Each check locks the resident's
 * row (server/permits/permit-allowance.ts) until its transaction ends, so a resident's activations
 * queue up one transaction at a time; a burst of one resident's permits (a carer's, a landlord's)
 * held every connection of the pool waiting for that lock and paid a commit each. Here the checks
 * that arrive while one of the resident's transactions runs wait in memory, holding no connection,
 * and then run in arrival order in the resident's next transaction: the same statements on the
 * same locked row, so each sees the reservations and refusals made before it exactly as in
 * transactions of their own. Different residents' transactions run side by side, each locking
 * one resident's row as the API's do. If a shared transaction fails, each check is tried again
 * alone, so one permit's error is not its neighbours'.
 */
export function createActivationReservations(
  db: Database,
  reserveInTransaction: ReserveInTransaction,
): (permit: PermitRow, lease: Date) => Promise<ActivationVerdict> {
  const waiting = new Map<string, Waiting[]>();

  const runAlone = async (entry: Waiting) => {
    try {
      entry.resolve(
        await db.transaction((tx) => reserveInTransaction(tx, entry.permit, entry.lease)),
      );
    } catch (error) {
      entry.reject(error);
    }
  };

  /** Runs the resident's waiting checks, a transaction at a time, until none waits. */
  const drain = async (userId: string) => {
    for (;;) {
      const group = waiting.get(userId) ?? [];
      if (group.length === 0) {
        waiting.delete(userId);
        return;
      }
      // An empty list stays behind while the transaction runs: it says one is running.
      waiting.set(userId, []);
      if (group.length === 1) {
        await runAlone(group[0] as Waiting);
        continue;
      }
      let verdicts: ActivationVerdict[];
      try {
        verdicts = await db.transaction(async (tx) => {
          const decided: ActivationVerdict[] = [];
          for (const entry of group) {
            decided.push(await reserveInTransaction(tx, entry.permit, entry.lease));
          }
          return decided;
        });
      } catch {
        for (const entry of group) await runAlone(entry);
        continue;
      }
      group.forEach((entry, index) => entry.resolve(verdicts[index] as ActivationVerdict));
    }
  };

  return (permit, lease) =>
    new Promise<ActivationVerdict>((resolve, reject) => {
      const entry = { permit, lease, resolve, reject };
      const group = waiting.get(permit.userId);
      if (group) {
        group.push(entry);
        return;
      }
      waiting.set(permit.userId, [entry]);
      // Started on the next turn of the event loop, so that the checks of permits claimed
      // together (which arrive within a few milliseconds) share the first transaction.
      setImmediate(() => void drain(permit.userId));
    });
}
