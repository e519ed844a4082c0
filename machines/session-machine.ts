import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { isHttpFailure } from './http-failure';
import type { IdentityUser } from './auth/shared/identity-user';
import type { Profile } from '../contract/auth';
import { missingImplementation } from './missing-implementation';

/** Named apart from the app's `SessionContext` (the React actor context). */
export interface SessionMachineContext {
  user: IdentityUser | null;
  profile: Profile | null;
}

export type SessionEvent =
  | { type: 'IDENTITY.CHANGED'; user: IdentityUser | null }
  | { type: 'LOGOUT' }
  | { type: 'AUTH.FAILED' }
  | { type: 'ROUTE.CHANGED' };

/** docs/contract.md §4, "Session status". */
export type SessionStatus = 'loading' | 'signed_in' | 'signed_out' | 'invalid';

/**
 * The app-wide session (docs/contract.md §4 "Session status", §8 "Session"): who is signed in,
 * their profile, logout, recovery from a rejected token and the validity re-check after each
 * route change. Top-level states are the four statuses; see `toSessionStatus`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionMachineContext,
    events: {} as SessionEvent,
  },
  actors: {
    identityListener: fromCallback<EventObject>(() =>
      missingImplementation('session', 'actor', 'identityListener'),
    ),
    fetchProfile: fromPromise<Profile, void>(async () =>
      missingImplementation('session', 'actor', 'fetchProfile'),
    ),
    refreshToken: fromPromise<void, void>(async () =>
      missingImplementation('session', 'actor', 'refreshToken'),
    ),
    logout: fromPromise<void, void>(async () =>
      missingImplementation('session', 'actor', 'logout'),
    ),
  },
  actions: {
    rememberUser: assign((_, params: { user: IdentityUser | null }) => ({ user: params.user })),
    adoptNewUser: assign((_, params: { user: IdentityUser | null }) => ({
      user: params.user,
      profile: null,
    })),
    storeProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile })),
    forgetIdentity: assign({ user: null, profile: null }),
    logWarning: (_, params: { message: string; error: unknown }) => {
      console.warn(params.message, params.error);
    },
  },
  guards: {
    reportsNoUser: (_, params: { user: IdentityUser | null }) => params.user === null,
    reportsCurrentUser: ({ context }, params: { user: IdentityUser | null }) =>
      params.user !== null && params.user.uid === context.user?.uid,
    // 401/403 on the profile means the account is disabled or forbidden (docs/contract.md §6), so
    // the session is invalid, not merely signed out.
    isAccountRejected: (_, params: { error: unknown }) =>
      isHttpFailure(params.error) && (params.error.status === 401 || params.error.status === 403),
  },
  delays: {
    validityRecheck: 100,
  },
}).createMachine({
  id: 'session',
  description: 'Who is signed in on this device, and their profile.',
  context: { user: null, profile: null },
  // The provider's reports arrive for the whole life of the session, whatever its status.
  invoke: { id: 'identityListener', src: 'identityListener' },
  initial: 'loading',
  on: {
    'IDENTITY.CHANGED': [
      {
        guard: { type: 'reportsNoUser', params: ({ event }) => ({ user: event.user }) },
        target: '.signed_out',
        description: 'The identity provider reports nobody signed in.',
      },
      // The same resident again (e.g. a token refresh): keep the profile, no new fetch.
      {
        guard: { type: 'reportsCurrentUser', params: ({ event }) => ({ user: event.user }) },
        description: 'The same resident again (a token refresh): the profile stays.',
        actions: { type: 'rememberUser', params: ({ event }) => ({ user: event.user }) },
      },
      // Someone new: the cached profile belongs to someone else; any fetch in flight is
      // cancelled by re-entering `fetchingProfile`, so only the new user's answer counts.
      {
        target: '.loading.fetchingProfile',
        description: 'Someone signed in: their profile is fetched.',
        actions: { type: 'adoptNewUser', params: ({ event }) => ({ user: event.user }) },
      },
    ],
    // Logout always ends signed_out (docs/contract.md §4); leaving any state cancels its work.
    LOGOUT: {
      target: '.signed_out.loggingOut',
      description: 'The resident chooses Log out.',
    },
  },
  states: {
    // AUTH.FAILED is not handled while loading: the profile's own answer decides (401/403 make
    // the session invalid), and no other authenticated request runs before sign-in completes.
    loading: {
      description: 'Protected pages show a spinner until the session is known.',
      initial: 'awaitingIdentity',
      states: {
        awaitingIdentity: {
          description: 'Waiting for the identity provider to say who, if anyone, is signed in.',
        },
        // Status stays loading until the profile answers, so a disabled account never shows
        // a protected page and the dashboard can greet the resident by name.
        fetchingProfile: {
          description: "The resident's profile is on its way.",
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: {
              target: '#session.signed_in',
              description: 'The profile came: the resident is signed in.',
              actions: { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
            },
            onError: [
              {
                guard: {
                  type: 'isAccountRejected',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#session.invalid',
                description: 'The profile answered 401 or 403: the account is disabled.',
              },
              {
                target: '#session.signed_in',
                description: 'The profile could not be had: signed in without it.',
                actions: {
                  type: 'logWarning',
                  params: ({ event }) => ({
                    message: 'Profile could not be fetched; continuing without it.',
                    error: event.error,
                  }),
                },
              },
            ],
          },
        },
      },
    },
    signed_in: {
      description: 'The resident is signed in: the protected pages show.',
      type: 'parallel',
      states: {
        validity: {
          description: 'After each route change the profile is fetched again as a validity check.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No check is due.',
              on: {
                'ROUTE.CHANGED': {
                  target: 'awaitingRecheck',
                  description: 'The resident moved to another page.',
                },
              },
            },
            awaitingRecheck: {
              description: 'A check is due shortly after the last route change.',
              after: {
                validityRecheck: {
                  target: 'rechecking',
                  description: '100 ms passed since the last route change.',
                },
              },
              // Rapid navigation restarts the wait: one check, shortly after the last change.
              on: {
                'ROUTE.CHANGED': {
                  target: 'awaitingRecheck',
                  reenter: true,
                  description: 'Another route change: the wait starts again.',
                },
              },
            },
            // A route change while a check is in flight needs no second check: the answer on
            // its way is at most a moment old.
            rechecking: {
              description: 'The profile is fetched to check the account is still valid.',
              invoke: {
                id: 'fetchProfile',
                src: 'fetchProfile',
                onDone: {
                  target: 'idle',
                  description: 'The account is still valid; the profile is refreshed.',
                  actions: {
                    type: 'storeProfile',
                    params: ({ event }) => ({ profile: event.output }),
                  },
                },
                onError: [
                  {
                    guard: {
                      type: 'isAccountRejected',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: '#session.invalid',
                    description: 'The check answered 401 or 403: the account is disabled.',
                  },
                  {
                    target: 'idle',
                    description: 'The check failed otherwise: the cached profile is kept.',
                    actions: {
                      type: 'logWarning',
                      params: ({ event }) => ({
                        message: 'Profile re-check failed; keeping the cached profile.',
                        error: event.error,
                      }),
                    },
                  },
                ],
              },
            },
          },
        },
        // A parallel region, so a token refresh never cancels a validity check in flight: a
        // profile 401/403 still makes the session invalid, as the spec requires.
        recovery: {
          description: 'A call the API refused with 401 leads to one forced token refresh.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No call has been refused.',
              on: {
                'AUTH.FAILED': {
                  target: 'refreshing',
                  description: 'An API call answered 401.',
                },
              },
            },
            // Further AUTH.FAILED events wait for this one refresh: the interceptor waits for the
            // `recovering` tag to go, whichever request reported the failure.
            refreshing: {
              description: 'The identity token is refreshed; refused calls wait for it.',
              tags: ['recovering'],
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                // The profile is not re-fetched: if the API still refused a fresh token, each
                // refetch would report another auth failure, without end.
                onDone: { target: 'idle', description: 'A fresh token came: the resident stays.' },
                onError: {
                  target: '#session.signed_out.loggingOut',
                  description: 'No fresh token: the resident is logged out and sent to /login.',
                },
              },
            },
          },
        },
      },
    },
    invalid: {
      description:
        'The profile answered 401 or 403 (the account is disabled): the resident is logged out.',
      entry: 'forgetIdentity',
      initial: 'loggingOut',
      // The provider's "no user" report that follows our own sign-out must not turn invalid
      // into signed_out: the route guard and the user need to know why they were sent away.
      on: {
        'IDENTITY.CHANGED': {
          guard: { type: 'reportsNoUser', params: ({ event }) => ({ user: event.user }) },
          description: 'Our own sign-out is reported: the session stays invalid.',
        },
      },
      states: {
        loggingOut: {
          description: 'The invalid session is being signed out on this device.',
          // Reports about the account being logged out (a token refresh on the way out) must
          // not bring it back.
          on: {
            'IDENTITY.CHANGED': {
              description: 'A report on the way out is ignored.',
            },
          },
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: 'loggedOut', description: 'The device is signed out.' },
            onError: {
              target: 'loggedOut',
              description:
                'The sign-out did not complete; the session is closed here all the same.',
              actions: {
                type: 'logWarning',
                params: ({ event }) => ({
                  message: 'Logout of an invalid session did not complete.',
                  error: event.error,
                }),
              },
            },
          },
        },
        loggedOut: {
          description: 'The session is closed: protected pages send the resident to /login.',
        },
      },
    },
    // Entered at once on LOGOUT: nothing the user sees waits for the network.
    signed_out: {
      description: 'Nobody is signed in: protected pages send the resident to /login.',
      entry: 'forgetIdentity',
      initial: 'idle',
      states: {
        idle: { description: 'Signed out, with nothing under way.' },
        loggingOut: {
          description:
            'The device is being signed out of the identity provider; the resident already sees /login.',
          on: {
            // Reports about the account being logged out (a token refresh on the way out) must
            // not bring it back.
            'IDENTITY.CHANGED': { description: 'A report on the way out is ignored.' },
            // One logout call is enough.
            LOGOUT: { description: 'A second Log out sends nothing more.' },
          },
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: 'idle', description: 'The device is signed out.' },
            onError: {
              target: 'idle',
              description: 'The sign-out did not complete; the session was closed here.',
              actions: {
                type: 'logWarning',
                params: ({ event }) => ({
                  message: 'Logout did not complete; the session was closed locally.',
                  error: event.error,
                }),
              },
            },
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The spec's session status; `isAuthenticated` is `toSessionStatus(s) === 'signed_in'`. */
export function toSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('signed_in')) return 'signed_in';
  if (snapshot.matches('signed_out')) return 'signed_out';
  if (snapshot.matches('invalid')) return 'invalid';
  return 'loading';
}
