import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import type { MailMessage, Mailer } from '../../../server/mail/mailer';
import {
  visitorPassRules,
  type VisitorBooking,
  type VisitorPass,
  type VisitorPassCreated,
} from '../../../contract/visitor-pass';
import { call, type JsonResponse } from '../../../scripts/stack/test-api';
import { londonNow, uniqueVrm, type PermitClient } from './permit-api';

/** A pass payload whose window runs from now for two days, one use. */
export function passPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Mum',
    valid_from: londonNow(),
    valid_until: londonNow({ days: 2 }),
    uses: 1,
    ...overrides,
  };
}

/** A booking payload for a stay from now for three hours, a vehicle of its own. */
export function bookingPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vrm: uniqueVrm(),
    make: 'Vauxhall',
    model: 'Corsa',
    colour: 'Red',
    start_ts: londonNow(),
    end_ts: londonNow({ hours: 3 }),
    ...overrides,
  };
}

/** POST /api/v1/visitor-passes/ as the resident, failing the test unless it is created. */
export async function createPass(
  resident: PermitClient,
  overrides: Record<string, unknown> = {},
): Promise<VisitorPassCreated> {
  const answer = await resident.post('/api/v1/visitor-passes/', passPayload(overrides));
  if (answer.status !== 201) {
    throw new Error(`Expected a pass, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as VisitorPassCreated;
}

/** A new pass refused for the resident's READY passes, word for word. */
export const readyPassesRefusal = {
  non_field_errors: [
    `You can have at most ${visitorPassRules.maxReadyPasses} visitor passes ready at once. Withdraw one to send another.`,
  ],
};

/**
 * `copies` more passes of `pass`'s resident, written straight to the database (so a test reaches
 * the READY limit in one statement), each in `state`.
 */
export async function seedPassCopies(
  db: Database,
  pass: VisitorPass,
  copies: number,
  state: VisitorPass['state'],
): Promise<void> {
  const withdrawnAt = state === 'WITHDRAWN' ? sql`now()` : sql`null`;
  const usesLeft = state === 'USED' ? 0 : 1;
  const validUntil = state === 'EXPIRED' ? sql`now() - interval '1 minute'` : sql`valid_until`;
  await db.execute(sql`
    insert into visitor_passes
      (user_id, name, token_hash, valid_from, valid_until, uses_allowed, uses_left, withdrawn_at)
    select user_id, ${state}, 'seeded-' || gen_random_uuid(), valid_from - interval '1 day',
      ${validUntil}, 1, ${usesLeft}, ${withdrawnAt}
    from visitor_passes, generate_series(1, ${copies})
    where id = ${pass.id}`);
}

/** The resident's passes as GET /api/v1/visitor-passes/ lists them. */
export async function listPasses(resident: PermitClient): Promise<VisitorPass[]> {
  const answer = await resident.get('/api/v1/visitor-passes/');
  return (answer.body as { results: VisitorPass[] }).results;
}

/** The public calls on a pass's link, as a visitor with no account makes them. */
export function visitor(apiUrl: string, token: string, from?: string) {
  const base = `${apiUrl}/api/v1/visitor-passes/visit/${token}`;
  return {
    invitation: (): Promise<JsonResponse> => call(`${base}/`, 'GET', { from }),
    book: (body: unknown = bookingPayload()): Promise<JsonResponse> =>
      call(`${base}/book/`, 'POST', { body, from }),
    booking: (referenceNo: string): Promise<JsonResponse> =>
      call(`${base}/bookings/${encodeURIComponent(referenceNo)}/`, 'GET', { from }),
  };
}

export function bookingOf(answer: JsonResponse): VisitorBooking {
  if (answer.status !== 201) {
    throw new Error(`Expected a booking, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as VisitorBooking;
}

/** A mailer that keeps what it is given, for a test to read. */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
    },
    close: () => {},
  };
}

let addressNumber = 0;
/** A loopback address of its own, so that one test's refusals never throttle another's calls. */
export function newAddress(): string {
  addressNumber += 1;
  return `127.0.${100 + Math.floor(addressNumber / 250)}.${(addressNumber % 250) + 1}`;
}
