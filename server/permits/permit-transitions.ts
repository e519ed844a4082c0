import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { permits } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { SiteSettings } from '../../contract/site-settings';
import { checkPermitAllowance } from './permit-allowance';
import { overlappingPermitMessage, permitConstraintError } from './permit-constraint-errors';
import type { PermitUpdatePayload } from '../../contract/permit';
import { finishedPermitStatuses, type PermitStatus } from '../../contract/permit-status';
import {
  automaticEnd,
  checkEnd,
  minimumScheduleLeadMs,
  readChosenEnd,
  readDateTime,
  throwIfAny,
  type FieldErrors,
} from './permit-times';
import type { PermitRow } from '../db/schema';
import { hostTexts, hostTextTemplates } from '../../contract/host-texts';
import { startTooSoonMessage } from '../../contract/permit-rules';
import { filledTemplate } from '../../contract/filled-template';

/** Statuses a resident may cancel from (docs/contract.md §4). */
export const cancellablePermitStatuses: readonly PermitStatus[] = [
  'ACTIVE',
  'QUEUED',
  'SCHEDULED',
  'UPDATE_PENDING',
  'UPDATE_FAILED',
];
/** Statuses whose expiry a resident may change; the provider then confirms it. */
const endUpdatableStatuses: readonly PermitStatus[] = ['ACTIVE', 'UPDATE_FAILED'];

export const nothingToUpdateMessage = 'Please select a new expiry date or mark as indefinite';
export const onlyScheduledStartMessage = hostTexts.onlyScheduledStart;

export function automaticEndMessage(hours: number): string {
  if (hours === 1) return hostTexts.automaticEndOneHour;
  return filledTemplate(hostTextTemplates.automaticEnd, { hours });
}

function refused(message: string): HttpError {
  return new HttpError(400, { non_field_errors: [message] });
}

const notFound = () => new HttpError(404, { detail: hostTexts.notFound });

/** What every transition resets: the reconciler starts the new step afresh. */
const freshStep = { attempts: 0, nextAttemptAt: null, updatedAt: sql`now()` } as const;

async function ownPermit(db: Database, userId: string, permitId: number): Promise<PermitRow> {
  const [permit] = await db
    .select()
    .from(permits)
    .where(and(eq(permits.id, permitId), eq(permits.userId, userId)));
  if (!permit) throw notFound();
  return permit;
}

/**
 * Applies a change to the permit only while it is still in `from`, so a change by the reconciler
 * or another request in between makes this one refused instead of lost.
 */
async function updateFrom(
  db: Database,
  permitId: number,
  from: PermitStatus,
  changes: Partial<typeof permits.$inferInsert>,
  refusal: string,
): Promise<PermitRow> {
  const [updated] = await db
    .update(permits)
    .set({ ...changes, ...freshStep })
    .where(and(eq(permits.id, permitId), eq(permits.status, from)))
    .returning();
  if (!updated) throw refused(refusal);
  return updated;
}

/** "Set live now": a SCHEDULED permit starts now and is QUEUED, if the cap allows. */
export async function activatePermit(
  db: Database,
  userId: string,
  permitId: number,
  settings: SiteSettings,
): Promise<PermitRow> {
  const permit = await ownPermit(db, userId, permitId);
  const refusal = `A permit with status ${permit.status} cannot be set live.`;
  if (permit.status !== 'SCHEDULED') throw refused(refusal);
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const allowance = await checkPermitAllowance(tx, userId, {
        at: now,
        permitId,
        activatesNow: true,
        countQueued: true,
      });
      if (!allowance.allowed) throw refused(allowance.message);
      const hours = settings.default_end_date_limit_hours;
      return updateFrom(
        tx,
        permitId,
        'SCHEDULED',
        {
          status: 'QUEUED',
          startTs: now,
          ...(hours > 0 ? { endTs: automaticEnd(now, hours) } : {}),
        },
        refusal,
      );
    });
  } catch (error) {
    throw permitConstraintError(error, permit.referenceNo);
  }
}

/**
 * The cancel, prepared: a resident's cancel is one statement, parsed and planned once a connection
 * rather than at every request.
 */
const cancelRequest = preparedPerDatabase((db) =>
  db
    .update(permits)
    .set({ status: 'CANCEL_PENDING', ...freshStep })
    .where(
      and(
        eq(permits.id, sql.placeholder('permitId')),
        eq(permits.userId, sql.placeholder('userId')),
        inArray(permits.status, cancellablePermitStatuses),
      ),
    )
    .returning()
    .prepare('kerbside_permit_cancel'),
);

/** Asks for the permit to be cancelled; the reconciler tells the provider. */
export async function cancelPermit(
  db: Database,
  userId: string,
  permitId: number,
): Promise<PermitRow> {
  const [cancelled] = await cancelRequest(db).execute({ permitId, userId });
  if (cancelled) return cancelled;
  const permit = await ownPermit(db, userId, permitId);
  throw refused(filledTemplate(hostTextTemplates.cannotBeCancelled, { status: permit.status }));
}

/** One resident's update of one of their permits, as the update route received it. */
interface PermitUpdate {
  db: Database;
  permit: PermitRow;
  input: PermitUpdatePayload;
  settings: SiteSettings;
}

/** A SCHEDULED permit's new start and end, changed in place. */
async function reschedule({ db, permit, input, settings }: PermitUpdate): Promise<PermitRow> {
  const hours = settings.default_end_date_limit_hours;
  if (input.start_ts === undefined && input.end_ts === undefined) {
    throw refused(nothingToUpdateMessage);
  }
  if (hours > 0 && input.start_ts === undefined) {
    throw new HttpError(400, { end_ts: [automaticEndMessage(hours)] });
  }
  const now = new Date();
  const errors: FieldErrors = {};
  let start: Date | null = permit.startTs;
  if (input.start_ts !== undefined) {
    start = readDateTime(input.start_ts, 'start_ts', errors);
    if (!settings.can_schedule_permits) errors.start_ts = [hostTexts.schedulingDisabled];
    else if (start && start.getTime() - now.getTime() < minimumScheduleLeadMs) {
      errors.start_ts = [startTooSoonMessage];
    }
  }
  let end: Date | null = permit.endTs;
  if (hours > 0) end = start && automaticEnd(start, hours);
  else if (input.end_ts !== undefined) end = readChosenEnd(input.end_ts, errors);
  if (start && end && !errors.start_ts) checkEnd(end, start, now, errors);
  throwIfAny(errors);
  if (!start || !end) throw new Error('Permit times resolved without errors or values.');
  return updateFrom(
    db,
    permit.id,
    'SCHEDULED',
    { startTs: start, endTs: end },
    `A permit with status ${permit.status} cannot be rescheduled.`,
  );
}

/** A live permit's new expiry, pending until the provider confirms it. */
async function requestNewEnd({ db, permit, input, settings }: PermitUpdate): Promise<PermitRow> {
  const hours = settings.default_end_date_limit_hours;
  if (input.start_ts !== undefined) {
    throw new HttpError(400, { start_ts: [onlyScheduledStartMessage] });
  }
  if (hours > 0) throw new HttpError(400, { end_ts: [automaticEndMessage(hours)] });
  if (input.end_ts === undefined) throw refused(nothingToUpdateMessage);
  const errors: FieldErrors = {};
  const end = readChosenEnd(input.end_ts, errors);
  if (end) checkEnd(end, permit.startTs, new Date(), errors);
  throwIfAny(errors);
  if (!end) throw new Error('Permit end resolved without errors or a value.');
  // The end itself changes only when the provider confirms it, so the exclusion constraint cannot
  // see the pending end: look for the resident's other held permits of the vehicle in the time it
  // would add (another resident's permits are none of theirs: decision 017).
  const [clash] = await db
    .select({ id: permits.id })
    .from(permits)
    .where(
      and(
        eq(permits.userId, permit.userId),
        eq(permits.vrm, permit.vrm),
        ne(permits.id, permit.id),
        notInArray(permits.status, [...finishedPermitStatuses]),
        sql`tstzrange(${permits.startTs}, ${permits.endTs}, '[)') && tstzrange(${permit.startTs.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .limit(1);
  if (clash) throw refused(overlappingPermitMessage);
  return updateFrom(
    db,
    permit.id,
    permit.status,
    { status: 'UPDATE_PENDING', pendingEndTs: end },
    `A permit with status ${permit.status} cannot be updated.`,
  );
}

/** PATCH full_update: reschedules a SCHEDULED permit, or asks for a live permit's new expiry. */
export async function updatePermit(
  db: Database,
  userId: string,
  permitId: number,
  input: PermitUpdatePayload,
  settings: SiteSettings,
): Promise<PermitRow> {
  const permit = await ownPermit(db, userId, permitId);
  try {
    if (permit.status === 'SCHEDULED') return await reschedule({ db, permit, input, settings });
    if (endUpdatableStatuses.includes(permit.status)) {
      return await requestNewEnd({ db, permit, input, settings });
    }
  } catch (error) {
    throw permitConstraintError(error, permit.referenceNo);
  }
  throw refused(filledTemplate(hostTextTemplates.cannotBeUpdated, { status: permit.status }));
}
