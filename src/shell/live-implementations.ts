import { fromCallback, fromPromise } from 'xstate';
import type {
  LoginCredentials,
  PasswordChange,
  PasswordResetConfirmation,
  RegistrationDetails,
} from '../../contract/auth';
import type {
  PermitCreatePayload,
  PermitListRequest,
  PermitUpdatePayload,
} from '../../contract/permit';
import type { PasswordResetRequest } from '../../machines/auth/forgot-password-machine';
import type { PasswordRequestInput } from '../../machines/auth/password-form-machine';
import { gatherDashboardFigures } from '../../machines/dashboard/gather-dashboard-figures';
import { collectPermitPages } from '../../machines/permits/collect-permit-pages';
import type {
  CollectPermitsInput,
  ExportedFile,
  PermitExportEvent,
} from '../../machines/permits/permit-export-machine';
import { recentVehiclesOf } from '../../machines/permits/recent-vehicles';
import {
  readPermitListAnswer,
  readPermitListBody,
} from '../../machines/permits/read-permit-list-body';
import type { EmailPreferences } from '../../contract/email-preferences';
import { downloadTextFile } from '../ui/download-text-file';
import { savedPermitLists } from './saved-permit-lists';
import {
  getIdToken,
  onIdentityChanged,
  signInWithToken,
  signOutIdentity,
} from '../identity/identity';
import type { AppImplementations } from './app-machine-types';
import { isOneOf, signedOutPaths } from './paths';
import {
  authApi,
  emailPreferencesApi,
  emailVerificationApi,
  permitsApi,
  siteSettingsApi,
} from '../api/api-modules';

/** The login step both sign-in and registration end with: the custom token to the provider. */
const signInWithTokenActor = fromPromise<boolean, { customToken: string }>(({ input }) =>
  signInWithToken(input.customToken),
);

/** POST /api/v1/permits/, for a single permit and for each week of a weekly series alike. */
const createPermitActor = fromPromise(async ({ input }: { input: PermitCreatePayload }) =>
  (await permitsApi()).createPermit(input),
);

/** The page of the resident's permits `request` names; a body carrying an error is a failure. */
async function listedPage(request: PermitListRequest) {
  const answer = readPermitListBody(await (await permitsApi()).listPermits(request), request.page);
  if (answer.kind !== 'listed') throw new Error('The permit list answered with an error');
  return answer;
}

/** The first page of the resident's permits that match `status` (all when empty). */
async function firstListPage(status: PermitListRequest['status']) {
  return listedPage({ status, start_date: '', end_date: '', search: '', page: 1 });
}

/** How many permits wait in the provider's queue: the count of a QUEUED-only list query. */
async function countQueuedPermits(): Promise<number> {
  return (await firstListPage(['QUEUED'])).count;
}

/** The resident's recent vehicles: their newest permits' distinct vehicles (first list page). */
async function loadRecentVehicles() {
  return recentVehiclesOf((await firstListPage([])).permits);
}

/**
 * Every machine's side effects as the running app performs them: calls to the API host
 * (`src/api/`) and the identity provider (`src/identity/`). This is the one place they are wired;
 * tests replace a machine through `AppProviders`' overrides instead.
 */
export const liveImplementations: AppImplementations = {
  session: {
    actors: {
      identityListener: fromCallback(({ sendBack }) =>
        onIdentityChanged(
          (user) => {
            // Signed out here or in another tab: the permits kept for offline reading go too.
            if (user === null) savedPermitLists.clearAll();
            sendBack({ type: 'IDENTITY.CHANGED', user });
          },
          // On the signed-out pages a device without the signed-in mark is taken as signed out
          // without loading the identity provider (src/identity/identity.ts); elsewhere the
          // provider is asked, so a session from before the mark existed is still found.
          { signedOutUnlessMarked: isOneOf(signedOutPaths, window.location.pathname) },
        ),
      ),
      fetchProfile: fromPromise(async () => (await authApi()).getProfile()),
      refreshToken: fromPromise(async () => {
        if ((await getIdToken(true)) === null) throw new Error('Nobody is signed in to refresh');
      }),
      logout: fromPromise(async () => {
        // The provider sign-out runs even when the backend logout fails: the user is leaving.
        // Nothing of theirs stays on the device for whoever signs in next.
        savedPermitLists.clearAll();
        try {
          await (await authApi()).logout();
        } finally {
          await signOutIdentity();
        }
      }),
    },
  },
  siteSettings: {
    actors: {
      loadSiteSettings: fromPromise(async () => (await siteSettingsApi()).getSiteSettings()),
    },
  },
  login: {
    actors: {
      requestLogin: fromPromise(async ({ input }: { input: LoginCredentials }) =>
        (await authApi()).login(input),
      ),
      signInWithToken: signInWithTokenActor,
    },
  },
  register: {
    actors: {
      requestRegistration: fromPromise(async ({ input }: { input: RegistrationDetails }) =>
        (await authApi()).register(input),
      ),
      signInWithToken: signInWithTokenActor,
    },
  },
  forgotPassword: {
    actors: {
      sendRequest: fromPromise(
        async ({ input }: { input: PasswordRequestInput<PasswordResetRequest> }) =>
          (await authApi()).requestPasswordReset(input.request.email),
      ),
    },
  },
  resetPassword: {
    actors: {
      sendRequest: fromPromise(
        async ({ input }: { input: PasswordRequestInput<PasswordResetConfirmation> }) =>
          (await authApi()).confirmPasswordReset(input.request),
      ),
    },
  },
  changePassword: {
    actors: {
      sendRequest: fromPromise(async ({ input }: { input: PasswordRequestInput<PasswordChange> }) =>
        (await authApi()).changePassword(input.request),
      ),
    },
  },
  dashboard: {
    actors: {
      loadFigures: fromPromise(async () => {
        const [{ getProfile }, { getPermitCapInfo }] = await Promise.all([authApi(), permitsApi()]);
        return gatherDashboardFigures({
          fetchProfile: getProfile,
          fetchCapInfo: getPermitCapInfo,
          countQueuedPermits,
        });
      }),
    },
  },
  addPermit: {
    actors: {
      createPermit: createPermitActor,
      createWeek: createPermitActor,
      // The resident's held permits for the refused registration: the API host's search reads
      // registrations without their spaces; the rule checks each answer itself all the same.
      findOverlappingPermit: fromPromise(async ({ input }: { input: PermitCreatePayload }) => {
        // Loaded when needed: the rule reads times with luxon, which /login must not load
        // (scripts/bench/bundle-budget.json).
        const { findOverlappingPermit, heldPermitStatuses } =
          await import('../../machines/permits/overlapping-permit');
        const { permits } = await listedPage({
          status: [...heldPermitStatuses],
          start_date: '',
          end_date: '',
          search: input.vrm,
          page: 1,
        });
        return findOverlappingPermit(permits, input);
      }),
    },
  },
  recentVehicles: {
    actors: { loadRecentVehicles: fromPromise(loadRecentVehicles) },
  },
  permitList: {
    actors: {
      fetchPermits: fromPromise(async ({ input }: { input: PermitListRequest }) => {
        const { listPermits } = await permitsApi();
        return readPermitListAnswer(listPermits(input), input.page);
      }),
    },
  },
  hiddenPermits: {
    actors: {
      countPermits: fromPromise(
        async ({ input }: { input: PermitListRequest }) => (await listedPage(input)).count,
      ),
    },
  },
  activatePermit: {
    actors: {
      activatePermit: fromPromise(async ({ input }: { input: { id: number } }) =>
        (await permitsApi()).activatePermit(input.id),
      ),
    },
  },
  cancelPermit: {
    actors: {
      cancelPermit: fromPromise(async ({ input }: { input: { id: number } }) =>
        (await permitsApi()).cancelPermit(input.id),
      ),
    },
  },
  updatePermit: {
    actors: {
      updatePermit: fromPromise(
        async ({ input }: { input: { id: number; payload: PermitUpdatePayload } }) =>
          (await permitsApi()).updatePermit(input.id, input.payload),
      ),
    },
  },
  emailPreferences: {
    actors: {
      loadPreferences: fromPromise(async () => (await emailPreferencesApi()).getEmailPreferences()),
      savePreferences: fromPromise(async ({ input }: { input: EmailPreferences }) =>
        (await emailPreferencesApi()).putEmailPreferences(input),
      ),
    },
  },
  emailVerification: {
    actors: {
      loadVerification: fromPromise(async () =>
        (await emailVerificationApi()).getEmailVerification(),
      ),
      sendLinkAgain: fromPromise(async () =>
        (await emailVerificationApi()).sendEmailVerificationAgain(),
      ),
    },
  },
  permitExport: {
    actors: {
      collectPermits: fromCallback<PermitExportEvent, CollectPermitsInput>(
        ({ input, sendBack }) => {
          permitsApi()
            .then(({ listPermits }) =>
              collectPermitPages(
                (page) => readPermitListAnswer(listPermits({ ...input.request, page }), page),
                (progress) => sendBack({ type: 'PROGRESS', ...progress }),
              ),
            )
            .then(
              (permits) => sendBack({ type: 'COLLECTED', permits }),
              () => sendBack({ type: 'FAILED' }),
            );
        },
      ),
    },
    actions: {
      deliverFile: (_, file: ExportedFile) =>
        downloadTextFile(file.fileName, 'text/csv;charset=utf-8', file.text),
    },
  },
};
