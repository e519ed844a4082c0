import { and, asc, count, desc, eq, gt, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { siteTimeZone } from '../../contract/london-wall-time';
import {
  visitorPassRules,
  visitorPassWindowMessages,
  type VisitorPass,
  type VisitorPassCreateInput,
  type VisitorPassCreated,
  type VisitorPassState,
} from '../../contract/visitor-pass';
import type { Database } from '../db/database';
import { lockResidentRow } from '../db/lock-resident-row';
import { permits, visitorPasses, type VisitorPassRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { readDateTime, throwIfAny, type FieldErrors } from '../permits/permit-times';
import { issueVisitorPassToken } from './visitor-pass-tokens';
import { filledTemplate } from '../../contract/filled-template';
import { hostTexts, hostTextTemplates } from '../../contract/host-texts';

/**
 * What a pass is now (docs/contract.md, "Visitor passes"): withdrawn by the resident, every use
 * spent, its window ended, or ready to book; the first of these that holds.
 */
export function visitorPassState(
  pass: Pick<VisitorPassRow, 'withdrawnAt' | 'usesLeft' | 'validUntil'>,
  now: Date,
): VisitorPassState {
  if (pass.withdrawnAt) return 'WITHDRAWN';
  if (pass.usesLeft <= 0) return 'USED';
  if (pass.validUntil.getTime() <= now.getTime()) return 'EXPIRED';
  return 'READY';
}

export function serializeVisitorPass(
  pass: VisitorPassRow,
  permitIds: number[],
  now: Date,
): VisitorPass {
  return {
    id: pass.id,
    name: pass.name,
    valid_from: pass.validFrom.toISOString(),
    valid_until: pass.validUntil.toISOString(),
    uses_allowed: pass.usesAllowed,
    uses_left: pass.usesLeft,
    state: visitorPassState(pass, now),
    created_at: pass.createdAt.toISOString(),
    permit_ids: permitIds,
  };
}

/**
 * The pass's window as the resident asked for it: readable times, an end after the start, no
 * longer than visitorPassRules.maxWindowDays (calendar days in London), an end still to come.
 * Throws 400 with DRF field errors.
 */
function readWindow(input: VisitorPassCreateInput, now: Date): { from: Date; until: Date } {
  const errors: FieldErrors = {};
  const from = readDateTime(input.valid_from, 'valid_from', errors);
  const until = readDateTime(input.valid_until, 'valid_until', errors);
  if (from && until) {
    const latestEnd = DateTime.fromJSDate(from, { zone: siteTimeZone }).plus({
      days: visitorPassRules.maxWindowDays,
    });
    if (until.getTime() <= from.getTime()) {
      errors.valid_until = [visitorPassWindowMessages.endBeforeStart];
    } else if (until.getTime() > latestEnd.toMillis()) {
      errors.valid_until = [
        filledTemplate(hostTextTemplates.visitorPassTooLong, {
          days: visitorPassRules.maxWindowDays,
        }),
      ];
    } else if (until.getTime() <= now.getTime()) {
      errors.valid_until = [visitorPassWindowMessages.endInPast];
    }
  }
  throwIfAny(errors);
  if (!from || !until) throw new Error('The window resolved without errors or values.');
  return { from, until };
}

/**
 * A new pass of the resident's, with its token, which no later answer repeats. Sent again with
 * the same `create_key`, the pass it made, with this try's details and a new token that replaces
 * the first. A resident who already has `visitorPassRules.maxReadyPasses` READY passes is refused
 * a new one with 400 and `hostTextTemplates.visitorPassesReadyLimit`; the resident's row is locked
 * while counting, so passes created at the same moment on several hosts are all counted.
 */
export async function createVisitorPass(
  db: Database,
  userId: string,
  input: VisitorPassCreateInput,
): Promise<VisitorPassCreated> {
  const now = new Date();
  const window = readWindow(input, now);
  const { token, hash } = issueVisitorPassToken();
  const createKey = input.create_key ?? null;
  const created = await db.transaction(async (tx) => {
    await lockResidentRow(tx, userId);
    // A try sent again makes no new pass, so it is never refused for the limit.
    const [resent] = createKey
      ? await tx
          .select({ id: visitorPasses.id })
          .from(visitorPasses)
          .where(and(eq(visitorPasses.userId, userId), eq(visitorPasses.createKey, createKey)))
      : [];
    if (!resent) await refuseWhenReadyPassesAtLimit(tx, userId, now);
    // Sent again with its key (the first answer lost, its token never seen), the pass made then
    // takes the new token, and this try's details: the resident may have changed the form before
    // trying again, and nobody could have booked on a link nobody has. One pass, as the form last
    // said, whose only working link is the one this answer gives.
    const [row] = await tx
      .insert(visitorPasses)
      .values({
        userId,
        name: input.name,
        tokenHash: hash,
        validFrom: window.from,
        validUntil: window.until,
        usesAllowed: input.uses,
        usesLeft: input.uses,
        createKey,
      })
      .onConflictDoUpdate({
        target: [visitorPasses.userId, visitorPasses.createKey],
        targetWhere: sql`${visitorPasses.createKey} is not null`,
        set: {
          tokenHash: hash,
          name: input.name,
          validFrom: window.from,
          validUntil: window.until,
          usesAllowed: input.uses,
          usesLeft: input.uses,
        },
      })
      .returning();
    return row;
  });
  if (!created) throw new Error('Inserting the visitor pass returned no row.');
  return { ...serializeVisitorPass(created, [], now), token };
}

/** Which passes are READY at `now`, as visitorPassState reads a pass, for the database. */
function isReady(now: Date): SQL {
  return and(
    isNull(visitorPasses.withdrawnAt),
    gt(visitorPasses.usesLeft, 0),
    gt(visitorPasses.validUntil, now),
  ) as SQL;
}

/** Throws 400 when the resident's READY passes (visitorPassState) are already at the limit. */
async function refuseWhenReadyPassesAtLimit(db: Database, userId: string, now: Date) {
  const [ready] = await db
    .select({ total: count() })
    .from(visitorPasses)
    .where(and(eq(visitorPasses.userId, userId), isReady(now)));
  if ((ready?.total ?? 0) < visitorPassRules.maxReadyPasses) return;
  throw new HttpError(400, {
    non_field_errors: [
      filledTemplate(hostTextTemplates.visitorPassesReadyLimit, {
        count: visitorPassRules.maxReadyPasses,
      }),
    ],
  });
}

/** The permits booked through each of the passes, oldest first. */
async function permitIdsOf(db: Database, passIds: number[]): Promise<Map<number, number[]>> {
  const byPass = new Map<number, number[]>(passIds.map((id) => [id, []]));
  if (passIds.length === 0) return byPass;
  const booked = await db
    .select({ id: permits.id, passId: permits.visitorPassId })
    .from(permits)
    .where(inArray(permits.visitorPassId, passIds))
    .orderBy(asc(permits.id));
  for (const permit of booked) {
    if (permit.passId !== null) byPass.get(permit.passId)?.push(permit.id);
  }
  return byPass;
}

/**
 * The resident's passes, newest first: every READY one (at most visitorPassRules.maxReadyPasses)
 * and the newest visitorPassRules.listedEndedPasses of the rest, so that the answer, which My
 * Permits reads at every load, stays the same size however many passes the resident has sent and
 * withdrawn. `endedPassesLeftOut` says whether older ones were left out.
 */
export async function listVisitorPasses(
  db: Database,
  userId: string,
): Promise<{ passes: VisitorPass[]; endedPassesLeftOut: boolean }> {
  const now = new Date();
  const newestFirst = [desc(visitorPasses.createdAt), desc(visitorPasses.id)];
  const ready = await db
    .select()
    .from(visitorPasses)
    .where(and(eq(visitorPasses.userId, userId), isReady(now)))
    .orderBy(...newestFirst);
  // One more than is listed, to tell whether any were left out.
  const ended = await db
    .select()
    .from(visitorPasses)
    .where(and(eq(visitorPasses.userId, userId), not(isReady(now))))
    .orderBy(...newestFirst)
    .limit(visitorPassRules.listedEndedPasses + 1);
  const listed = [...ready, ...ended.slice(0, visitorPassRules.listedEndedPasses)].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  );
  const permitIds = await permitIdsOf(
    db,
    listed.map((pass) => pass.id),
  );
  return {
    passes: listed.map((pass) => serializeVisitorPass(pass, permitIds.get(pass.id) ?? [], now)),
    endedPassesLeftOut: ended.length > visitorPassRules.listedEndedPasses,
  };
}

/**
 * Withdraws one of the resident's passes: it books nothing more, and its visitor's page stops
 * following the booking. Withdrawing again changes nothing; another resident's pass, or none, is
 * not found. The permits already booked stay the resident's, to cancel as any other.
 */
export async function withdrawVisitorPass(
  db: Database,
  userId: string,
  passId: number,
): Promise<VisitorPass> {
  const [withdrawn] = await db
    .update(visitorPasses)
    .set({ withdrawnAt: sql`coalesce(${visitorPasses.withdrawnAt}, now())` })
    .where(and(eq(visitorPasses.id, passId), eq(visitorPasses.userId, userId)))
    .returning();
  if (!withdrawn) throw new HttpError(404, { detail: hostTexts.notFound });
  const permitIds = await permitIdsOf(db, [withdrawn.id]);
  return serializeVisitorPass(withdrawn, permitIds.get(withdrawn.id) ?? [], new Date());
}
