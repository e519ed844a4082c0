import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { isHttpFailure } from './http-failure';
import type { IdentityUser } from './auth/identity-user';
import type { Profile } from '../contract/auth';
import { notProvided } from './not-provided';

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
      notProvided('session', 'actor', 'identityListener'),
    ),
    fetchProfile: fromPromise<Profile, void>(async () =>
      notProvided('session', 'actor', 'fetchProfile'),
    ),
    refreshToken: fromPromise<void, void>(async () =>
      notProvided('session', 'actor', 'refreshToken'),
    ),
    logout: fromPromise<void, void>(async () => notProvided('session', 'actor', 'logout')),
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
  context: { user: null, profile: null },
  // The provider's reports arrive for the whole life of the session, whatever its status.
  invoke: { id: 'identityListener', src: 'identityListener' },
  initial: 'loading',
  on: {
    'IDENTITY.CHANGED': [
      {
        guard: { type: 'reportsNoUser', params: ({ event }) => ({ user: event.user }) },
        target: '.signed_out',
      },
      // The same resident again (e.g. a token refresh): keep the profile, no new fetch.
      {
        guard: { type: 'reportsCurrentUser', params: ({ event }) => ({ user: event.user }) },
        actions: { type: 'rememberUser', params: ({ event }) => ({ user: event.user }) },
      },
      // Someone new: the cached profile belongs to someone else; any fetch in flight is
      // cancelled by re-entering `fetchingProfile`, so only the new user's answer counts.
      {
        target: '.loading.fetchingProfile',
        actions: { type: 'adoptNewUser', params: ({ event }) => ({ user: event.user }) },
      },
    ],
    // Logout always ends signed_out (docs/contract.md §4); leaving any state cancels its work.
    LOGOUT: '.signed_out.loggingOut',
  },
  states: {
    // AUTH.FAILED is not handled while loading: the profile's own answer decides (401/403 make
    // the session invalid), and no other authenticated request runs before sign-in completes.
    loading: {
      initial: 'awaitingIdentity',
      states: {
        awaitingIdentity: {},
        // Status stays loading until the profile answers, so a disabled account never shows
        // a protected page and the dashboard can greet the resident by name.
        fetchingProfile: {
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: {
              target: '#session.signed_in',
              actions: { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
            },
            onError: [
              {
                guard: {
                  type: 'isAccountRejected',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#session.invalid',
              },
              {
                target: '#session.signed_in',
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
      type: 'parallel',
      states: {
        validity: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'ROUTE.CHANGED': 'awaitingRecheck' },
            },
            awaitingRecheck: {
              after: { validityRecheck: 'rechecking' },
              // Rapid navigation restarts the wait: one check, shortly after the last change.
              on: { 'ROUTE.CHANGED': { target: 'awaitingRecheck', reenter: true } },
            },
            // A route change while a check is in flight needs no second check: the answer on
            // its way is at most a moment old.
            rechecking: {
              invoke: {
                id: 'fetchProfile',
                src: 'fetchProfile',
                onDone: {
                  target: 'idle',
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
                  },
                  {
                    target: 'idle',
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
          initial: 'idle',
          states: {
            idle: {
              on: { 'AUTH.FAILED': 'refreshing' },
            },
            // Further AUTH.FAILED events wait for this one refresh: the interceptor waits for the
            // `recovering` tag to go, whichever request reported the failure.
            refreshing: {
              tags: ['recovering'],
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                // The profile is not re-fetched: if the API still refused a fresh token, each
                // refetch would report another auth failure, without end.
                onDone: 'idle',
                onError: '#session.signed_out.loggingOut',
              },
            },
          },
        },
      },
    },
    invalid: {
      entry: 'forgetIdentity',
      initial: 'loggingOut',
      // The provider's "no user" report that follows our own sign-out must not turn invalid
      // into signed_out: the route guard and the user need to know why they were sent away.
      on: {
        'IDENTITY.CHANGED': {
          guard: { type: 'reportsNoUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
      states: {
        loggingOut: {
          // Reports about the account being logged out (a token refresh on the way out) must
          // not bring it back.
          on: { 'IDENTITY.CHANGED': {} },
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: 'loggedOut',
            onError: {
              target: 'loggedOut',
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
        loggedOut: {},
      },
    },
    // Entered at once on LOGOUT: nothing the user sees waits for the network.
    signed_out: {
      entry: 'forgetIdentity',
      initial: 'idle',
      states: {
        idle: {},
        loggingOut: {
          on: {
            // Reports about the account being logged out (a token refresh on the way out) must
            // not bring it back.
            'IDENTITY.CHANGED': {},
            // One logout call is enough.
            LOGOUT: {},
          },
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: 'idle',
            onError: {
              target: 'idle',
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
