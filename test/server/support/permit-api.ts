import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import { runAdminCommand } from '../../../server/admin/run-admin-command';
import type { AdminCommand } from '../../../server/admin/admin-command';
import type { Database } from '../../../server/db/database';
import { users } from '../../../server/db/schema';
import type { PermitResponse } from '../../../server/permits/serialize-permit';
import {
  call,
  createInvite,
  customTokenOf,
  registration,
  signInWithCustomToken,
  type JsonResponse,
} from '../../../scripts/stack/test-api';

/** A permit as the API answers it (docs/contract.md §3, "Permit"). */
export type PermitBody = PermitResponse;

export interface PermitPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: PermitBody[];
}

/** A registered, signed-in resident and calls to the permit API on their behalf. */
export interface PermitClient {
  email: string;
  idToken: string;
  get(path: string): Promise<JsonResponse>;
  post(path: string, body?: unknown): Promise<JsonResponse>;
  patch(path: string, body?: unknown): Promise<JsonResponse>;
  put(path: string, body?: unknown): Promise<JsonResponse>;
  /** POST /api/v1/permits/ */
  create(body: unknown): Promise<JsonResponse>;
}

/** Registers a resident with the given permit limit and signs them in at the Auth emulator. */
export async function signedInPermitClient(
  apiUrl: string,
  db: Database,
  options: { permitLimit?: number; emailVerified?: boolean } = {},
): Promise<PermitClient> {
  const inviteCode = await createInvite(db, { uses: 1, permitLimit: options.permitLimit ?? 50 });
  const details = registration(inviteCode);
  const registered = await call(`${apiUrl}/api/v1/auth/register/`, 'POST', { body: details });
  const idToken = await signInWithCustomToken(customTokenOf(registered.body));
  // As if the resident had opened the link mailed to them: permit mails go only to a confirmed
  // address (test/server/mail-phishing.test.ts follows the link itself).
  if (options.emailVerified ?? true) {
    await db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, details.email.toLowerCase()));
  }
  const headers = { authorization: `Bearer ${idToken}` };
  const at = (path: string) => (path.startsWith('http') ? path : `${apiUrl}${path}`);
  return {
    email: details.email,
    idToken,
    get: (path) => call(at(path), 'GET', { headers }),
    post: (path, body) => call(at(path), 'POST', { headers, body }),
    patch: (path, body) => call(at(path), 'PATCH', { headers, body }),
    put: (path, body) => call(at(path), 'PUT', { headers, body }),
    create: (body) => call(at('/api/v1/permits/'), 'POST', { headers, body }),
  };
}

let vehicleCounter = 0;

/** A registration mark no other call in this test file uses. */
export function uniqueVrm(): string {
  vehicleCounter += 1;
  return `TV${String(vehicleCounter).padStart(5, '0')}`;
}

/** "Now" in London without an offset, as the web app sends a permit that starts now. */
export function londonNow(
  plus: { seconds?: number; minutes?: number; hours?: number; days?: number } = {},
): string {
  return DateTime.now().setZone('Europe/London').plus(plus).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

/** A valid create payload for a permit that starts now and ends in two days. */
export function permitPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vrm: uniqueVrm(),
    make: 'Ford',
    model: 'Focus',
    colour: 'Blue',
    driver_first: 'Grace',
    driver_last: 'Hopper',
    start_ts: londonNow(),
    end_ts: londonNow({ days: 2 }),
    ...overrides,
  };
}

/** Runs an admin command as the CLI would, failing the test when it is refused. */
export async function admin(db: Database, command: AdminCommand): Promise<void> {
  await runAdminCommand(db, command);
}

export const defaultSiteSettings = [
  { command: 'settings.set', setting: { key: 'can_add_reference', value: false } },
  { command: 'settings.set', setting: { key: 'can_schedule_permits', value: true } },
  { command: 'settings.set', setting: { key: 'default_end_date_limit_hours', value: 0 } },
  { command: 'cap.set', type: 'monthly', limit: 0 },
] as const satisfies AdminCommand[];

/** Puts the site settings and the cap back to the migration's defaults. */
export async function resetSiteSettings(db: Database): Promise<void> {
  for (const command of defaultSiteSettings) await admin(db, command);
}

export function permitOf(response: JsonResponse): PermitBody {
  if (response.status >= 300) {
    throw new Error(`Expected a permit, got ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as PermitBody;
}
