import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  visitorBookingRequestSchema,
  visitorPassCreatePayloadSchema,
  type VisitorPassList,
} from '../../contract/visitor-pass';
import type { CredentialThrottles } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { authenticateResident } from '../http/authenticate-resident';
import { parseBody } from '../http/parse-body';
import { pathIdOf } from '../http/path-id';
import { refuseWhenAddressOrAccountThrottled } from '../http/refuse-when-address-or-account-throttled';
import { throttleAddress } from '../http/throttle-address';
import type { Identity } from '../identity/firebase-identity';
import { takeAccountMail } from '../mail/account-mail-budget';
import type { Mailer } from '../mail/mailer';
import { sendAfterAnswer } from '../mail/send-after-answer';
import { visitorReceiptMail } from '../mail/visitor-receipt-mail';
import { siteSettingsStore } from '../site-settings/site-settings-store';
import {
  createVisitorPass,
  listVisitorPasses,
  withdrawVisitorPass,
} from '../visitor-passes/resident-visitor-passes';
import { visitorPassTokenHash } from '../visitor-passes/visitor-pass-tokens';
import {
  bookOnVisitorPass,
  findKeyedVisitorBooking,
  findVisitedPass,
  findVisitorBooking,
  invitationOf,
  isBookable,
  isFollowable,
  serializeVisitorBooking,
  unusableVisitorPass,
  visitorBookingKeyIn,
  type VisitedPass,
} from '../visitor-passes/visitor-pass-visits';
import { hostTexts } from '../../contract/host-texts';

export interface VisitorPassRoutesOptions {
  db: Database;
  identity: Identity;
  /** Sends the receipt a visitor asks for. */
  mailer: Mailer;
  throttles: Pick<CredentialThrottles, 'visitorPassAddress' | 'visitorPassToken'>;
  /** The hourly mail limit per account (server/mail/account-mail-budget.ts). */
  mailsPerAccountPerHour?: number;
  /** Called after a booking, so the reconciler need not wait for its next poll. */
  onPermitChanged?: () => void;
}

const { tooManyVisits } = hostTexts;

/**
 * /api/v1/visitor-passes/ (docs/contract.md, "Visitor passes"), an optional capability: the
 * resident's own passes (created, listed, withdrawn), and the public calls on a pass's link
 * /visit/<token>, which a visitor with no account makes to see the invitation, book, and follow
 * the booking. The link's calls are throttled per client address and per link; each call is
 * counted before any work and given back when it went well, so only refusals add up (decision
 * 012's rule: a link over its limit refuses only addresses that have been refused).
 */
export const visitorPassRoutes: FastifyPluginAsync<VisitorPassRoutesOptions> = async (
  app,
  options,
) => {
  const { db, identity, mailer } = options;
  const resident = (request: FastifyRequest) => authenticateResident(request, { db, identity });
  const sendLater = sendAfterAnswer(app);
  const throttles = {
    address: options.throttles.visitorPassAddress,
    account: options.throttles.visitorPassToken,
  };

  app.get('/', async (request): Promise<VisitorPassList> => {
    const { id } = await resident(request);
    const { passes, endedPassesLeftOut } = await listVisitorPasses(db, id);
    return { results: passes, ended_passes_left_out: endedPassesLeftOut };
  });

  app.post('/', async (request, reply) => {
    const { id } = await resident(request);
    const input = parseBody(visitorPassCreatePayloadSchema, request.body);
    return reply.code(201).send(await createVisitorPass(db, id, input));
  });

  app.post('/:id/withdraw/', async (request) => {
    const { id } = await resident(request);
    return withdrawVisitorPass(db, id, pathIdOf(request));
  });

  /**
   * The pass the request's link names, when `usable` says it may serve this call; otherwise the
   * one unusable answer. Counted against the throttles first; `wentWell` gives the count back.
   */
  const visit = async (
    request: FastifyRequest,
    usable: (visited: VisitedPass, now: Date) => boolean,
  ) => {
    const token = (request.params as { token?: string }).token ?? '';
    const keys = { address: throttleAddress(request.ip), account: visitorPassTokenHash(token) };
    await refuseWhenAddressOrAccountThrottled(db, throttles, keys, tooManyVisits);
    const visited = await findVisitedPass(db, token);
    if (!visited || !usable(visited, new Date())) throw unusableVisitorPass();
    const wentWell = async () => {
      await throttles.address.giveBack(db, keys.address);
      await throttles.account.giveBack(db, keys.account);
    };
    return { visited, wentWell };
  };

  app.get('/visit/:token/', async (request) => {
    const { visited, wentWell } = await visit(request, isBookable);
    const site = await siteSettingsStore.read(db);
    await wentWell();
    return invitationOf(visited, site);
  });

  app.post('/visit/:token/book/', async (request, reply) => {
    // A booking sent again with its key (its first answer lost) finds its permit, even on a pass
    // it used up: looked up before the body is read, whose "now" may since have passed.
    const { visited, wentWell } = await visit(request, isFollowable);
    const bookingKey = visitorBookingKeyIn(request.body);
    const earlier = bookingKey && (await findKeyedVisitorBooking(db, visited.pass.id, bookingKey));
    if (earlier) {
      await wentWell();
      return reply.code(200).send(serializeVisitorBooking(earlier));
    }
    if (!isBookable(visited, new Date())) throw unusableVisitorPass();
    const booking = parseBody(visitorBookingRequestSchema, request.body);
    const site = await siteSettingsStore.read(db);
    const { permit, bookedBefore } = await bookOnVisitorPass(db, visited, booking, site);
    await wentWell();
    if (bookedBefore) return reply.code(200).send(serializeVisitorBooking(permit));
    options.onPermitChanged?.();
    const to = booking.receipt_email;
    // Once, within the resident's hourly mail limit (a pass is no way round it), and not kept:
    // the address lives only in this closure.
    if (to) {
      sendLater(request.log, 'Sending a visitor’s receipt failed', async () => {
        const { userId } = visited.pass;
        if (!(await takeAccountMail(db, userId, 'visitor-receipt', options.mailsPerAccountPerHour)))
          return;
        await mailer.send(visitorReceiptMail(to, permit, booking.language));
      });
    }
    return reply.code(201).send(serializeVisitorBooking(permit));
  });

  app.get('/visit/:token/bookings/:reference_no/', async (request) => {
    const { visited, wentWell } = await visit(request, isFollowable);
    const referenceNo = (request.params as { reference_no?: string }).reference_no ?? '';
    const permit = await findVisitorBooking(db, visited.pass.id, referenceNo);
    if (!permit) throw unusableVisitorPass();
    await wentWell();
    return serializeVisitorBooking(permit);
  });
};
