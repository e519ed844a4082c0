import type { Request } from 'playwright-core';
import type { ActorRoute, RoutedAnswer } from './routed-backend';

/** The resident the identity provider stand-in signs in. */
export const forgedResident = { uid: 'resident-1', email: 'jane.doe@example.test' } as const;

const projectId = 'demo-kerbside';

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An ID token shaped as the Auth emulator issues them: unsigned (the SDK reads, never verifies,
 * the payload), for the forged resident, valid for an hour from the browser's clock `nowMs`.
 */
function idToken(nowMs: number): string {
  const now = Math.floor(nowMs / 1000);
  return [
    base64Url({ alg: 'none', typ: 'JWT' }),
    base64Url({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      user_id: forgedResident.uid,
      sub: forgedResident.uid,
      iat: now,
      exp: now + 3600,
      email: forgedResident.email,
      email_verified: true,
      firebase: { identities: { email: [forgedResident.email] }, sign_in_provider: 'custom' },
    }),
    '',
  ].join('.');
}

const identityCall = (name: string) => (request: Request) =>
  new URL(request.url()).pathname.endsWith(`/v1/accounts:${name}`);

/** The SDK's `signInWithCustomToken` call: the custom token handed to the provider. */
export const isCustomTokenSignIn = identityCall('signInWithCustomToken');

/**
 * `signInWithToken` as the app runs it (src/identity/identity.ts): true is the provider
 * accepting the token, false its refusal. The app's actor catches every failure and answers
 * false, so an actor error cannot happen in the browser.
 */
export function signInWithTokenRoute(nowMs: () => number): ActorRoute {
  return {
    matches: isCustomTokenSignIn,
    answer: (outcome) => {
      if (outcome.status === 'error') return null;
      return outcome.output === true
        ? {
            status: 200,
            body: {
              kind: 'identitytoolkit#VerifyCustomTokenResponse',
              idToken: idToken(nowMs()),
              refreshToken: 'forged-refresh-token',
              expiresIn: '3600',
              isNewUser: false,
            },
          }
        : { status: 400, body: { error: { code: 400, message: 'INVALID_CUSTOM_TOKEN' } } };
    },
  };
}

/**
 * The provider's other calls, answered for the forged resident: who they are, and a fresh ID
 * token whenever the app asks for one. Null for any request that is not the provider's.
 */
export function identityAnswer(request: Request, nowMs: number): RoutedAnswer | null {
  const { pathname } = new URL(request.url());
  if (identityCall('lookup')(request)) {
    return {
      status: 200,
      body: {
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [
          {
            localId: forgedResident.uid,
            email: forgedResident.email,
            emailVerified: true,
            providerUserInfo: [],
            lastLoginAt: String(nowMs),
            createdAt: String(nowMs),
          },
        ],
      },
    };
  }
  if (pathname.endsWith('/securetoken.googleapis.com/v1/token')) {
    const token = idToken(nowMs);
    return {
      status: 200,
      body: {
        access_token: token,
        id_token: token,
        expires_in: '3600',
        token_type: 'Bearer',
        refresh_token: 'forged-refresh-token',
        user_id: forgedResident.uid,
        project_id: projectId,
      },
    };
  }
  return null;
}
