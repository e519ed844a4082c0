import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { permits } from '../db/schema';
import { checkPermitAllowance } from '../permits/permit-allowance';
import { isPermitOverlap, overlappingPermitMessage } from '../permits/permit-constraint-errors';
import type { PermitStatus } from '../../contract/permit-status';
import type {
  ParkingProvider,
  ProviderOperation,
  ProviderPermit,
} from '../provider/parking-provider';
import type { PermitRow } from '../db/schema';
import type { ActivationVerdict, ReserveInTransaction } from './activation-reservations';
import type { ClaimedPermit } from './claim-due-permits';
import { backoffDelay, type ReconcilerSettings } from './reconciler-settings';

export interface PermitStepContext {
  db: Database;
  provider: ParkingProvider;
  settings: ReconcilerSettings;
  /** Asks the reconciler for another round at once (a cancel that won a race is due now). */
  wake(): void;
  /** [0, 1): the jitter of the retry backoff. */
  random(): number;
  /** Checks and reserves a QUEUED permit's activation (reserveActivationInTransaction, grouped). */
  reserveActivation(permit: PermitRow, lease: Date): Promise<ActivationVerdict>;
}

type PermitChanges = PgUpdateSetSource<typeof permits>;
type ProviderAnswer = { ref: string } | { error: string };

const now = sql`now()`;

/** Why the permits of a disabled account end (decision 013). */
export const disabledAccountMessage = 'The account is disabled.';

function millisecondsFromNow(milliseconds: number) {
  return sql`now() + ${milliseconds}::double precision * interval '1 millisecond'`;
}

/**
 * What the provider is told for `operation`. The idempotency key is derived from the permit, the
 * reconciler's step count (raised by every status change it makes, not by a failed try) and, for
 * an update, the times asked for: a retry of one step repeats it, the next step never does.
 */
function providerView(
  permit: PermitRow,
  operation: ProviderOperation,
  times: { startTs: Date; endTs: Date } = permit,
): ProviderPermit {
  const transition =
    operation === 'update'
      ? `update-${times.startTs.toISOString()}-${times.endTs.toISOString()}`
      : operation;
  return {
    id: permit.id,
    vrm: permit.vrm,
    startTs: times.startTs,
    endTs: times.endTs,
    providerRef: permit.providerRef,
    idempotencyKey: `kerbside-permit-${permit.id}-step-${permit.reconcilerSteps}-${transition}`,
  };
}

/**
 * The reconciler's own activation check of one QUEUED permit it holds under `lease`, inside the
 * transaction it is given: the cap check and the reservation of this activation (activated_at)
 * commit together under the resident's row lock, so two permits of one resident activated at once
 * are both counted. 'refused': the permit is now FAILED_LIMIT; 'changed': a route changed it
 * meanwhile. Run through server/reconciler/activation-reservations.ts, which groups a resident's.
 */
export const reserveActivationInTransaction: ReserveInTransaction = async (tx, permit, lease) => {
  const heldAsQueued = and(
    eq(permits.id, permit.id),
    eq(permits.status, 'QUEUED'),
    eq(permits.leaseExpiresAt, lease),
  );
  const allowance = await checkPermitAllowance(tx, permit.userId, {
    at: new Date(),
    permitId: permit.id,
    activatesNow: true,
    countQueued: false,
  });
  if (!allowance.allowed) {
    await tx
      .update(permits)
      .set({
        status: 'FAILED_LIMIT',
        attempts: 0,
        nextAttemptAt: null,
        lastError: allowance.message,
        updatedAt: now,
      })
      .where(heldAsQueued);
    return 'refused';
  }
  const reserved = await tx
    .update(permits)
    .set({ activatedAt: now })
    .where(heldAsQueued)
    .returning({ id: permits.id });
  return reserved.length > 0 ? 'reserved' : 'changed';
};

/**
 * Takes one claimed permit through its next step against the provider. Each write is conditional
 * on the permit still having the status it was claimed in and on this claim's lease, so a route's
 * change made meanwhile (a cancel during the provider call) wins; the provider's reference is kept
 * even then, so that the cancel can be sent. No transaction is open during a provider call.
 */
export async function processClaimedPermit(
  context: PermitStepContext,
  claimed: ClaimedPermit,
): Promise<void> {
  const { db, provider, settings } = context;
  const { lease } = claimed;
  let permit = claimed.permit;

  const heldAs = (status: PermitStatus) =>
    and(eq(permits.id, permit.id), eq(permits.status, status), eq(permits.leaseExpiresAt, lease));

  /** Set once a step's last write also let go of the permit, so the finally need not. */
  let released = false;

  /**
   * Moves the permit on if it still has status `from` under this lease. With `release`, the same
   * write lets go of the permit as the finally below would (the lease, and an activation reserved
   * for a create that did not happen), saving a statement per permit on the way out.
   */
  const move = async (
    from: PermitStatus,
    to: PermitStatus,
    changes: PermitChanges = {},
    options: { release?: boolean } = {},
  ): Promise<boolean> => {
    const release: PermitChanges = options.release
      ? {
          leaseExpiresAt: null,
          // As the finally's: a step that sets a provider reference keeps the activation.
          ...(changes.providerRef === undefined
            ? {
                activatedAt: sql`case when ${permits.providerRef} is null then null else ${permits.activatedAt} end`,
              }
            : {}),
        }
      : {};
    const moved = await db
      .update(permits)
      .set({
        status: to,
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
        updatedAt: now,
        reconcilerSteps: sql`${permits.reconcilerSteps} + 1`,
        ...changes,
        ...release,
      })
      .where(heldAs(from))
      .returning({ id: permits.id, reconcilerSteps: permits.reconcilerSteps });
    const [row] = moved;
    if (row) permit = { ...permit, status: to, attempts: 0, reconcilerSteps: row.reconcilerSteps };
    if (row && options.release) released = true;
    return row !== undefined;
  };

  const callProvider = async (
    operation: ProviderOperation,
    subject: ProviderPermit,
  ): Promise<ProviderAnswer> => {
    const timeoutMs = Math.floor(settings.leaseMs / 2);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return { ref: await provider[operation](subject, signal) };
    } catch (error) {
      if (signal.aborted) {
        return { error: `Failed to sync with parking provider: no answer within ${timeoutMs} ms` };
      }
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };

  /** A failed try: back off, or end in `exhausted` once the attempts are used up (null: never). */
  const failed = async (
    from: PermitStatus,
    exhausted: PermitStatus | null,
    message: string,
    changesWhenExhausted: PermitChanges = {},
  ): Promise<void> => {
    const attempts = permit.attempts + 1;
    if (exhausted && attempts >= settings.maxAttempts) {
      await move(from, exhausted, { attempts, lastError: message, ...changesWhenExhausted });
      return;
    }
    await db
      .update(permits)
      .set({
        attempts,
        nextAttemptAt: millisecondsFromNow(backoffDelay(settings, attempts, context.random)),
        lastError: message,
        updatedAt: now,
      })
      .where(heldAs(from));
  };

  const activate = async (): Promise<void> => {
    const verdict = await context.reserveActivation(permit, lease);
    if (verdict !== 'reserved') return;
    const answer = await callProvider('create', providerView(permit, 'create'));
    if ('error' in answer) return failed('QUEUED', 'FAILED', answer.error);
    const activated = await move(
      'QUEUED',
      'ACTIVE',
      { providerRef: answer.ref, activatedAt: now },
      { release: true },
    );
    if (activated) return;
    await db
      .update(permits)
      .set({ providerRef: answer.ref })
      .where(and(eq(permits.id, permit.id), isNull(permits.providerRef)));
    context.wake();
  };

  const cancel = async (): Promise<void> => {
    if (!permit.providerRef) {
      await move('CANCEL_PENDING', 'CANCELLED', {}, { release: true });
      return;
    }
    const answer = await callProvider('cancel', providerView(permit, 'cancel'));
    if ('error' in answer) return failed('CANCEL_PENDING', 'CANCEL_FAILED', answer.error);
    await move('CANCEL_PENDING', 'CANCELLED', {}, { release: true });
  };

  const update = async (): Promise<void> => {
    const cleared = { pendingStartTs: null, pendingEndTs: null };
    const answer = await callProvider(
      'update',
      providerView(permit, 'update', {
        startTs: permit.pendingStartTs ?? permit.startTs,
        endTs: permit.pendingEndTs ?? permit.endTs,
      }),
    );
    if ('error' in answer) return failed('UPDATE_PENDING', 'UPDATE_FAILED', answer.error, cleared);
    try {
      await move(
        'UPDATE_PENDING',
        'ACTIVE',
        {
          startTs: sql`coalesce(${permits.pendingStartTs}, ${permits.startTs})`,
          endTs: sql`coalesce(${permits.pendingEndTs}, ${permits.endTs})`,
          providerRef: answer.ref,
          ...cleared,
        },
        { release: true },
      );
    } catch (error) {
      // Another permit took the vehicle's new time while the change waited for the provider.
      if (!isPermitOverlap(error)) throw error;
      await move('UPDATE_PENDING', 'UPDATE_FAILED', {
        lastError: overlappingPermitMessage,
        ...cleared,
      });
    }
  };

  const expire = async (): Promise<void> => {
    const answer = await callProvider('expire', providerView(permit, 'expire'));
    // Never exhausted: the permit's time is over, so it keeps trying at the longest backoff.
    if ('error' in answer) return failed('EXPIRE_PENDING', null, answer.error);
    await move('EXPIRE_PENDING', 'EXPIRED', {}, { release: true });
  };

  /**
   * A disabled resident's permits end: one not live at the provider is cancelled without a call,
   * a live one is cancelled at the provider (decision 013). The account is read with the claim
   * (claim-due-permits.ts).
   */
  const endForDisabledAccount = async (): Promise<boolean> => {
    if (
      !['SCHEDULED', 'QUEUED', 'ACTIVE', 'UPDATE_PENDING', 'UPDATE_FAILED'].includes(permit.status)
    )
      return false;
    if (claimed.ownerActive) return false;
    const changes = { lastError: disabledAccountMessage, pendingStartTs: null, pendingEndTs: null };
    if (!permit.providerRef) {
      await move(permit.status, 'CANCELLED', changes);
      return true;
    }
    if (await move(permit.status, 'CANCEL_PENDING', changes)) await cancel();
    return true;
  };

  try {
    if (await endForDisabledAccount()) return;
    switch (permit.status) {
      case 'SCHEDULED':
        if (await move('SCHEDULED', 'QUEUED')) await activate();
        return;
      case 'QUEUED':
        return await activate();
      case 'CANCEL_PENDING':
        return await cancel();
      case 'UPDATE_PENDING':
        return await update();
      case 'ACTIVE':
      case 'UPDATE_FAILED':
        if (await move(permit.status, 'EXPIRE_PENDING')) await expire();
        return;
      case 'EXPIRE_PENDING':
        return await expire();
      default:
        return;
    }
  } finally {
    // Let go of the permit, and of an activation reserved for a create that did not happen.
    if (!released)
      await db
        .update(permits)
        .set({
          leaseExpiresAt: null,
          activatedAt: sql`case when ${permits.providerRef} is null then null else ${permits.activatedAt} end`,
        })
        .where(and(eq(permits.id, permit.id), eq(permits.leaseExpiresAt, lease)));
  }
}
