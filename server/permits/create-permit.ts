import { randomBytes } from 'node:crypto';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { permits } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { SiteSettings } from '../../contract/site-settings';
import { constraintViolation } from '../db/constraint-violation';
import {
  capPeriodBounds,
  capPeriodBoundsArguments,
  limitCountedStatusesArray,
  noRoomSqlState,
  refusedAllowance,
} from './permit-allowance';
import { permitConstraintError } from './permit-constraint-errors';
import type { PermitCreateInput } from '../../contract/permit';
import { repeatedWallTimeLater } from '../../contract/london-wall-time';
import { hostTexts } from '../../contract/host-texts';
import {
  automaticEnd,
  checkEnd,
  minimumScheduleLeadMs,
  pastStartToleranceMs,
  readChosenEnd,
  readDateTime,
  throwIfAny,
  type FieldErrors,
} from './permit-times';
import type { PermitRow } from '../db/schema';

// Unambiguous characters only: reference numbers are read out over the phone.
const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new reference number, "KS-" and eight characters from referenceAlphabet. */
export function generatedReference(): string {
  const characters = [...randomBytes(8)].map(
    (byte) => referenceAlphabet[byte % referenceAlphabet.length],
  );
  return `KS-${characters.join('')}`;
}

/** A period a permit must lie within (a visitor pass's window), and what is said when not. */
export interface PermitWindow {
  from: Date;
  until: Date;
  /** Recorded under start_ts for a start before `from`, under end_ts for an end after `until`. */
  message: string;
}

/**
 * A start in the hour the clocks repeat reads as its first occurrence, in BST
 * (contract/london-wall-time.ts). Sent during the second, in GMT, the web app's "now" (a London
 * wall time without an offset, docs/contract.md §5, "Add permit") would read an hour past and
 * be refused: a start whose first occurrence is past and whose second is not means the second.
 */
function startNotYetPast(start: Date | null, now: Date): Date | null {
  if (!start || start.getTime() - now.getTime() >= -pastStartToleranceMs) return start;
  const later = repeatedWallTimeLater(start);
  return later && later.getTime() - now.getTime() >= -pastStartToleranceMs ? later : start;
}

/** Where the permit starts and ends, and whether it starts now (QUEUED) or later (SCHEDULED). */
function resolveTimes(
  input: PermitCreateInput,
  settings: SiteSettings,
  now: Date,
  errors: FieldErrors,
) {
  const requestedStart = startNotYetPast(readDateTime(input.start_ts, 'start_ts', errors), now);
  let start: Date | null = null;
  let startsNow = true;
  if (requestedStart) {
    const ahead = requestedStart.getTime() - now.getTime();
    startsNow = ahead < minimumScheduleLeadMs;
    if (ahead < -pastStartToleranceMs) errors.start_ts = [hostTexts.startInPast];
    else if (!startsNow && !settings.can_schedule_permits) {
      errors.start_ts = [hostTexts.schedulingDisabled];
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

/**
 * The site's automatic end stops at the window's end: the site's hours are the longest a permit
 * runs, and the window is the stay its resident allowed. Otherwise a pass could not be booked at
 * all in its last hours.
 */
function endingByWindow<T extends { end: Date }>(
  times: T,
  settings: SiteSettings,
  window: PermitWindow,
): T {
  const automatic = settings.default_end_date_limit_hours > 0;
  return automatic && times.end.getTime() > window.until.getTime()
    ? { ...times, end: window.until }
    : times;
}

/** Records errors when the permit's times do not lie within the window. */
function checkWindow(
  times: { start: Date; end: Date },
  window: PermitWindow,
  errors: FieldErrors,
): void {
  const { from, until } = window;
  // A start at or after the window's end is outside it too, whatever end it was given.
  if (times.start.getTime() < from.getTime() || times.start.getTime() >= until.getTime()) {
    errors.start_ts ??= [window.message];
  }
  if (times.end.getTime() > until.getTime()) errors.end_ts ??= [window.message];
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

/** A permit checked against the site's rules, ready to be written. */
export interface PermitPlan {
  /** When the checks ran: the cap period counts from it. */
  now: Date;
  referenceNo: string;
  label: boolean;
  start: Date;
  end: Date;
  /** Starts now (QUEUED, using an activation) rather than later (SCHEDULED). */
  startsNow: boolean;
  input: PermitCreateInput;
}

/**
 * Checks a create payload against the site's rules (reference label, scheduling, the chosen or
 * automatic end) and, when given, a window the permit must lie within. Throws 400 with DRF field
 * errors; nothing is read or written.
 */
export function planPermit(
  input: PermitCreateInput,
  settings: SiteSettings,
  options: { now?: Date; window?: PermitWindow } = {},
): PermitPlan {
  const now = options.now ?? new Date();
  const errors: FieldErrors = {};
  const reference = resolveReference(input, settings, errors);
  const resolved = resolveTimes(input, settings, now, errors);
  const times =
    resolved && options.window ? endingByWindow(resolved, settings, options.window) : resolved;
  if (times && options.window) checkWindow(times, options.window, errors);
  throwIfAny(errors);
  if (!reference || !times) throw new Error('Permit input resolved without errors or values.');
  return { now, ...reference, ...times, input };
}

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The permits table's columns as the row a function returning permits gives them: each by its
 * name, read from the driver as its column reads it (Drizzle selects a table's own columns only
 * from that table).
 */
const permitRowColumns = Object.fromEntries(
  Object.entries(getTableColumns(permits)).map(([key, column]) => [
    key,
    sql`${sql.identifier(column.name)}`.mapWith(column),
  ]),
) as { [Key in keyof PermitRow]: SQL<PermitRow[Key]> };

/**
 * A new permit's insert under the resident's allowance: one call of migration 0015's function,
 * every value a placeholder, prepared once a connection. It needs no transaction of its own: the
 * resident's row stays locked until the statement's (or the caller's) transaction ends.
 */
const permitInsert = preparedPerDatabase((db) =>
  db
    .select(permitRowColumns)
    .from(
      sql`kerbside_create_permit(${placeholder('userId')}::uuid, ${limitCountedStatusesArray}, ${placeholder('activatesNow')}::boolean, ${capPeriodBoundsArguments}, ${placeholder('referenceNo')}, ${placeholder('label')}::boolean, ${placeholder('vrm')}, ${placeholder('make')}, ${placeholder('model')}, ${placeholder('colour')}, ${placeholder('driverFirst')}, ${placeholder('driverLast')}, ${placeholder('status')}, ${placeholder('startTs')}::timestamptz, ${placeholder('endTs')}::timestamptz, ${placeholder('visitorPassId')}::integer) AS "permits"`,
    )
    .prepare('kerbside_permit_insert'),
);

/**
 * Writes a planned permit for the resident, QUEUED when it starts now, SCHEDULED when later: the
 * permit limit and the activation cap are checked under the resident's row lock in the same call
 * (server/db/migrations/0015_permit_allowance_in_one_call.sql), and a resident with no room left is
 * refused with 400 and `noRoomMessage` (default: the limit's or the cap's own message). Overlapping
 * times for the vehicle and a held reference number are refused by the database's constraints: the
 * caller turns them into answers with permitConstraintError. Inside the caller's transaction, if
 * it has one, whose other writes then stand or fall with the permit.
 */
export async function insertPlannedPermit(
  db: Database,
  userId: string,
  plan: PermitPlan,
  options: { visitorPassId?: number; noRoomMessage?: string } = {},
): Promise<PermitRow> {
  const { input } = plan;
  let created: PermitRow | undefined;
  try {
    [created] = await permitInsert(db).execute({
      userId,
      activatesNow: plan.startsNow,
      ...capPeriodBounds(plan.now),
      referenceNo: plan.referenceNo,
      label: plan.label,
      vrm: input.vrm,
      make: input.make,
      model: input.model,
      colour: input.colour,
      driverFirst: input.driver_first,
      driverLast: input.driver_last,
      status: plan.startsNow ? 'QUEUED' : 'SCHEDULED',
      startTs: plan.start.toISOString(),
      endTs: plan.end.toISOString(),
      visitorPassId: options.visitorPassId ?? null,
    });
  } catch (error) {
    const refusal = constraintViolation(error);
    if (refusal?.code !== noRoomSqlState || refusal.constraint === undefined) throw error;
    const { message } = refusedAllowance(refusal.constraint, plan.now);
    throw new HttpError(400, { non_field_errors: [options.noRoomMessage ?? message] });
  }
  if (!created) throw new Error('Inserting the permit returned no row.');
  return created;
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
  const plan = planPermit(input, settings);
  try {
    return await insertPlannedPermit(db, userId, plan);
  } catch (error) {
    throw permitConstraintError(error, plan.referenceNo);
  }
}
