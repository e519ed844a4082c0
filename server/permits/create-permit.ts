import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { permits } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { SiteSettings } from '../../contract/site-settings';
import { checkPermitAllowance } from './permit-allowance';
import { permitConstraintError } from './permit-constraint-errors';
import type { PermitCreateInput } from '../../contract/permit';
import {
  automaticEnd,
  checkEnd,
  minimumScheduleLeadMs,
  pastStartToleranceMs,
  readChosenEnd,
  readDateTime,
  schedulingDisabledMessage,
  startInPastMessage,
  throwIfAny,
  type FieldErrors,
} from './permit-times';
import type { PermitRow } from '../db/schema';

// Unambiguous characters only: reference numbers are read out over the phone.
const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function generatedReference(): string {
  const characters = [...randomBytes(8)].map(
    (byte) => referenceAlphabet[byte % referenceAlphabet.length],
  );
  return `KS-${characters.join('')}`;
}

/** Where the permit starts and ends, and whether it starts now (QUEUED) or later (SCHEDULED). */
function resolveTimes(
  input: PermitCreateInput,
  settings: SiteSettings,
  now: Date,
  errors: FieldErrors,
) {
  const requestedStart = readDateTime(input.start_ts, 'start_ts', errors);
  let start: Date | null = null;
  let startsNow = true;
  if (requestedStart) {
    const ahead = requestedStart.getTime() - now.getTime();
    startsNow = ahead < minimumScheduleLeadMs;
    if (ahead < -pastStartToleranceMs) errors.start_ts = [startInPastMessage];
    else if (!startsNow && !settings.can_schedule_permits) {
      errors.start_ts = [schedulingDisabledMessage];
    }
    // A start less than a minute ahead is the web app's "now" from a clock running a little fast.
    else start = startsNow && ahead > 0 ? now : requestedStart;
  }
  let end: Date | null = null;
  if (settings.default_end_date_limit_hours > 0) {
    end = start && automaticEnd(start, settings.default_end_date_limit_hours);
  } else {
    end = readChosenEnd(input.end_ts, errors);
    if (end && start) checkEnd(end, start, now, errors);
  }
  return start && end ? { start, end, startsNow } : null;
}

function resolveReference(input: PermitCreateInput, settings: SiteSettings, errors: FieldErrors) {
  if (!settings.can_add_reference) return { referenceNo: generatedReference(), label: false };
  const given = input.reference_label;
  if (given) return { referenceNo: given, label: true };
  errors.reference_label = [
    given === '' ? 'This field may not be blank.' : 'This field is required.',
  ];
  return null;
}

/**
 * Creates a resident's permit: QUEUED when it starts now, SCHEDULED when later. The permit limit
 * and the activation cap are checked under the resident's row lock; overlapping times for the
 * vehicle and a held reference number are refused by the database's own constraints.
 */
export async function createPermit(
  db: Database,
  userId: string,
  input: PermitCreateInput,
  settings: SiteSettings,
): Promise<PermitRow> {
  const now = new Date();
  const errors: FieldErrors = {};
  const reference = resolveReference(input, settings, errors);
  const times = resolveTimes(input, settings, now, errors);
  throwIfAny(errors);
  if (!reference || !times) throw new Error('Permit input resolved without errors or values.');
  const { start, end, startsNow } = times;
  try {
    return await db.transaction(async (tx) => {
      const allowance = await checkPermitAllowance(tx, userId, {
        at: now,
        activatesNow: startsNow,
        countQueued: true,
      });
      if (!allowance.allowed) {
        throw new HttpError(400, { non_field_errors: [allowance.message] });
      }
      const [created] = await tx
        .insert(permits)
        .values({
          userId,
          referenceNo: reference.referenceNo,
          label: reference.label,
          vrm: input.vrm,
          make: input.make,
          model: input.model,
          colour: input.colour,
          driverFirst: input.driver_first,
          driverLast: input.driver_last,
          status: startsNow ? 'QUEUED' : 'SCHEDULED',
          startTs: start,
          endTs: end,
        })
        .returning();
      if (!created) throw new Error('Inserting the permit returned no row.');
      return created;
    });
  } catch (error) {
    throw permitConstraintError(error, reference.referenceNo);
  }
}
