import { and, desc, eq, sql } from 'drizzle-orm';
import { referenceLabelMaxLength } from '../../contract/permit-rules';
import type { MailLanguage } from '../../contract/languages';
import type { SiteSettings } from '../../contract/site-settings';
import {
  inviterHasNoPermitsLeftMessage,
  visitorBookingOutsideWindowMessage,
  requestKeySchema,
  visitorPassUnusableMessage,
  type VisitorBooking,
  type VisitorBookingInput,
  type VisitorInvitation,
} from '../../contract/visitor-pass';
import type { Database } from '../db/database';
import { permits, users, visitorPasses, type PermitRow, type VisitorPassRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { mailI18n, residentLanguage } from '../mail/mail-i18n';
import { generatedReference, insertPlannedPermit, planPermit } from '../permits/create-permit';
import { permitConstraintError } from '../permits/permit-constraint-errors';
import { visitorPassState } from './resident-visitor-passes';
import {
  isWellFormedVisitorPassToken,
  sameTokenHash,
  visitorPassTokenHash,
} from './visitor-pass-tokens';

/** A pass a link names, with what the visitor's calls need of its resident. */
export interface VisitedPass {
  pass: VisitorPassRow;
  inviterFirstName: string;
  /** False once the council has disabled the account (decision 013): it holds no permits. */
  inviterActive: boolean;
  /** The resident's language (users.language), which their permits' labels are written in. */
  inviterLanguage: MailLanguage;
}

/**
 * The one answer to a link that cannot be used, whatever the reason (unknown, used up, expired,
 * withdrawn, a disabled account's): nothing tells a caller which.
 */
export function unusableVisitorPass(): HttpError {
  return new HttpError(404, { detail: visitorPassUnusableMessage });
}

/** The pass a link's token names, looked up by the token's hash; null when there is none. */
export async function findVisitedPass(db: Database, token: string): Promise<VisitedPass | null> {
  if (!isWellFormedVisitorPassToken(token)) return null;
  const hash = visitorPassTokenHash(token);
  const [found] = await db
    .select({
      pass: visitorPasses,
      firstName: users.firstName,
      isActive: users.isActive,
      language: users.language,
    })
    .from(visitorPasses)
    .innerJoin(users, eq(users.id, visitorPasses.userId))
    .where(eq(visitorPasses.tokenHash, hash));
  if (!found || !sameTokenHash(found.pass.tokenHash, hash)) return null;
  return {
    pass: found.pass,
    inviterFirstName: found.firstName,
    inviterActive: found.isActive,
    inviterLanguage: residentLanguage(found),
  };
}

/** Whether the pass may book now: its account active, and the pass READY. */
export function isBookable(visited: VisitedPass, now: Date): boolean {
  return visited.inviterActive && visitorPassState(visited.pass, now) === 'READY';
}

/**
 * Whether the visitor may still follow a booking made on the pass: while its window lasts, used
 * up or not, unless the resident has withdrawn it or the account is disabled.
 */
export function isFollowable(visited: VisitedPass, now: Date): boolean {
  const { pass } = visited;
  return visited.inviterActive && !pass.withdrawnAt && pass.validUntil.getTime() > now.getTime();
}

/** What the visitor's page shows: the inviter's first name, the window and the site's settings. */
export function invitationOf(visited: VisitedPass, site: SiteSettings): VisitorInvitation {
  return {
    inviter_first_name: visited.inviterFirstName,
    valid_from: visited.pass.validFrom.toISOString(),
    valid_until: visited.pass.validUntil.toISOString(),
    site,
  };
}

export function serializeVisitorBooking(permit: PermitRow): VisitorBooking {
  return {
    reference_no: permit.referenceNo,
    vrm: permit.vrm,
    make: permit.make,
    model: permit.model,
    colour: permit.colour,
    status: permit.status,
    start_ts: permit.startTs.toISOString(),
    end_ts: permit.endTs.toISOString(),
  };
}

/**
 * The reference label of a visitor's permit where the site wants labels: the pass's name ("Visitor"
 * when it has none, in the resident's language: the label is theirs, in their list and e-mails)
 * and a new reference number, so that the bookings of one pass, and the resident's own labels,
 * never share one (a resident's held permits may not).
 */
function visitorReferenceLabel(passName: string, language: MailLanguage): string {
  const reference = generatedReference();
  const i18n = mailI18n(language);
  const name = (passName.trim() || i18n._('Visitor'))
    .slice(0, referenceLabelMaxLength - reference.length - 1)
    .trim();
  return `${name} ${reference}`;
}

/** The booking's key (contract/visitor-pass.ts, `booking_key`) in a body, if it has a good one. */
export function visitorBookingKeyIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('booking_key' in body)) return null;
  const key = requestKeySchema.safeParse(body.booking_key);
  return key.success ? key.data : null;
}

/** The permit booked on the pass with this booking key, if any. */
export async function findKeyedVisitorBooking(
  db: Database,
  passId: number,
  bookingKey: string,
): Promise<PermitRow | undefined> {
  const [permit] = await db
    .select()
    .from(permits)
    .where(and(eq(permits.visitorPassId, passId), eq(permits.visitorBookingKey, bookingKey)));
  return permit;
}

/** A booking's permit, and whether this call made it or an earlier one with the same key did. */
export interface VisitorBookingOutcome {
  permit: PermitRow;
  bookedBefore: boolean;
}

/**
 * Books the visitor's stay on the pass as a permit of the resident's, under the same rules as
 * the resident's own (server/permits/create-permit.ts), within the pass's window. One
 * transaction locks the pass's row, checks again that it may book, checks the resident's limit
 * and cap, writes the permit linked to the pass and takes one use: so however many visitors send
 * at once, a pass makes no more permits than its uses. A resident with no room left is refused
 * with inviterHasNoPermitsLeftMessage, and nothing is written. A booking with a key the pass has
 * booked with before (sent again at the same time, say) answers with that permit instead.
 */
export async function bookOnVisitorPass(
  db: Database,
  visited: VisitedPass,
  booking: VisitorBookingInput,
  site: SiteSettings,
): Promise<VisitorBookingOutcome> {
  const { pass } = visited;
  const bookingKey = booking.booking_key ?? null;
  const plan = planPermit(
    {
      reference_label: visitorReferenceLabel(pass.name, visited.inviterLanguage),
      vrm: booking.vrm,
      make: booking.make,
      model: booking.model,
      colour: booking.colour,
      driver_first: '',
      driver_last: '',
      start_ts: booking.start_ts,
      end_ts: booking.end_ts,
    },
    site,
    {
      window: {
        from: pass.validFrom,
        until: pass.validUntil,
        message: visitorBookingOutsideWindowMessage,
      },
    },
  );
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ pass: visitorPasses, isActive: users.isActive })
        .from(visitorPasses)
        .innerJoin(users, eq(users.id, visitorPasses.userId))
        .where(eq(visitorPasses.id, pass.id))
        .for('update', { of: visitorPasses });
      const current = locked && { ...visited, pass: locked.pass, inviterActive: locked.isActive };
      const earlier = bookingKey && (await findKeyedVisitorBooking(tx, pass.id, bookingKey));
      if (earlier) return { permit: earlier, bookedBefore: true };
      if (!current || !isBookable(current, plan.now)) throw unusableVisitorPass();
      const permit = await insertPlannedPermit(tx, pass.userId, plan, {
        visitorPassId: pass.id,
        noRoomMessage: inviterHasNoPermitsLeftMessage,
      });
      await tx
        .update(visitorPasses)
        .set({ usesLeft: sql`${visitorPasses.usesLeft} - 1` })
        .where(eq(visitorPasses.id, pass.id));
      if (bookingKey) {
        await tx
          .update(permits)
          .set({ visitorBookingKey: bookingKey })
          .where(eq(permits.id, permit.id));
      }
      return { permit: { ...permit, visitorBookingKey: bookingKey }, bookedBefore: false };
    });
  } catch (error) {
    throw permitConstraintError(error, plan.referenceNo);
  }
}

/** The permit booked on the pass under this reference number, if any: the newest. */
export async function findVisitorBooking(
  db: Database,
  passId: number,
  referenceNo: string,
): Promise<PermitRow | undefined> {
  const [permit] = await db
    .select()
    .from(permits)
    .where(and(eq(permits.visitorPassId, passId), eq(permits.referenceNo, referenceNo)))
    .orderBy(desc(permits.id))
    .limit(1);
  return permit;
}
