import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runAdminCommand } from '../../server/admin/run-admin-command';
import { accountsCreatedAddressThrottle } from '../../server/auth/attempt-throttle';
import { buildApp, type AppDependencies } from '../../server/app';
import type { Database } from '../../server/db/database';
import { createFirebaseIdentity, type Identity } from '../../server/identity/firebase-identity';
import { createHostLogger } from '../../server/logging/create-host-logger';
import { createMailer } from '../../server/mail/mailer';

export const webOrigin = 'http://localhost:8080';

/**
 * The accounts an address may create in an hour on a test's API host: tests register their
 * residents from 127.0.0.1, many more than the host's own allowance; a test of that allowance
 * gives its own.
 */
export const testRegistrationsPerAddressPerHour = 10_000;

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('The server project runs with the Auth emulator of globalSetup.');
  return host;
}

export function projectId(): string {
  return process.env.FIREBASE_PROJECT_ID ?? 'demo-kerbside';
}

export interface TestApi {
  app: FastifyInstance;
  url: string;
  identity: Identity;
  close(): Promise<void>;
}

/**
 * The real app with real firebase-admin, listening on a free port of 127.0.0.1. Its mail goes
 * to a temporary outbox, deleted on close, and is logged only when the overrides give a logger.
 */
export async function startTestApi(
  db: Database,
  overrides: Partial<AppDependencies> = {},
): Promise<TestApi> {
  const identity = overrides.identity ?? createFirebaseIdentity({ projectId: projectId() });
  const outboxDir = path.join(tmpdir(), `kerbside-outbox-${randomUUID()}`);
  const mailer = createMailer({
    outboxDir,
    from: 'Kerbside <no-reply@kerbside.test>',
    log: overrides.logger ?? createHostLogger({ level: 'silent' }),
  });
  const app = buildApp({
    db,
    identity,
    webOrigin,
    mailer,
    ...overrides,
    throttles: {
      accountsCreatedAddress: accountsCreatedAddressThrottle(testRegistrationsPerAddressPerHour),
      ...overrides.throttles,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('No TCP address.');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    identity,
    close: async () => {
      await app.close();
      await identity.close();
      mailer.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

export interface JsonResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface CallOptions {
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Source address of the client: any 127.x.y.z address is this machine on Linux. */
  from?: string;
}

/** One real HTTP call to the API; the answer's body parsed as JSON. */
export function call(
  url: string,
  method: string,
  options: CallOptions = {},
): Promise<JsonResponse> {
  const body =
    options.body === undefined || typeof options.body === 'string'
      ? options.body
      : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        localAddress: options.from,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text ? JSON.parse(text) : null,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function uniqueEmail(label = 'resident'): string {
  return `${label}-${randomUUID()}@kerbside.test`;
}

/** Creates an invite code through the admin command and returns it. */
export async function createInvite(
  db: Database,
  options: { uses?: number | null; permitLimit?: number } = {},
): Promise<string> {
  const code = `TEST-${randomUUID().slice(0, 8).toUpperCase()}`;
  await runAdminCommand(db, {
    command: 'invite.create',
    code,
    uses: options.uses === undefined ? 5 : options.uses,
    permitLimit: options.permitLimit ?? 3,
  });
  return code;
}

export const strongPassword = 'Kerbside2024';

export function registration(inviteCode: string, overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    password: strongPassword,
    invite_code: inviteCode,
    ...overrides,
  };
}

export interface IdentitySession {
  idToken: string;
  refreshToken: string;
}

async function emulatorCall(endpoint: string, body: object): Promise<IdentitySession> {
  const response = await fetch(`http://${emulatorHost()}/${endpoint}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    idToken?: string;
    id_token?: string;
    refreshToken?: string;
    refresh_token?: string;
  };
  const idToken = answer.idToken ?? answer.id_token;
  const refreshToken = answer.refreshToken ?? answer.refresh_token;
  if (!response.ok || !idToken || !refreshToken) {
    throw new Error(`The emulator refused: ${JSON.stringify(answer)}`);
  }
  return { idToken, refreshToken };
}

/**
 * What the web app's identity adapter does with a custom token: exchanges it at the (emulated)
 * identity provider for an ID token and the refresh token that renews it.
 */
export function startIdentitySession(customToken: string): Promise<IdentitySession> {
  return emulatorCall('identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken', {
    token: customToken,
    returnSecureToken: true,
  });
}

/** What the web SDK does hourly: a new ID token for the session behind the refresh token. */
export async function refreshIdToken(refreshToken: string): Promise<string> {
  const renewed = await emulatorCall('securetoken.googleapis.com/v1/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
  return renewed.idToken;
}

/** The ID token of a new session begun with the custom token. */
export async function signInWithCustomToken(customToken: string): Promise<string> {
  return (await startIdentitySession(customToken)).idToken;
}

/** The custom token in an API answer, failing the test when there is none. */
export function customTokenOf(body: unknown): string {
  const token = (body as { custom_token?: unknown } | null)?.custom_token;
  if (typeof token !== 'string') throw new Error(`No custom_token in ${JSON.stringify(body)}`);
  return token;
}
