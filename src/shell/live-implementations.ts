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
import {
  changePassword,
  confirmPasswordReset,
  getProfile,
  login,
  logout,
  register,
  requestPasswordReset,
} from '../api/auth-api';
import {
  activatePermit,
  cancelPermit,
  createPermit,
  getPermitCapInfo,
  listPermits,
  updatePermit,
} from '../api/permits-api';
import type { EmailPreferences } from '../../contract/email-preferences';
import { getEmailPreferences, putEmailPreferences } from '../api/email-preferences-api';
import { getSiteSettings } from '../api/site-settings-api';
import { downloadTextFile } from '../ui/download-text-file';
import { savedPermitLists } from './saved-permit-lists';
import {
  getIdToken,
  onIdentityChanged,
  signInWithToken,
  signOutIdentity,
} from '../identity/identity';
import type { AppImplementations } from './app-machine-types';

/** The login step both sign-in and registration end with: the custom token to the provider. */
const signInWithTokenActor = fromPromise<boolean, { customToken: string }>(({ input }) =>
  signInWithToken(input.customToken),
);

/** POST /api/v1/permits/, for a single permit and for each week of a weekly series alike. */
const createPermitActor = fromPromise(({ input }: { input: PermitCreatePayload }) =>
  createPermit(input),
);

/** The page of the resident's permits `request` names; a body carrying an error is a failure. */
async function listedPage(request: PermitListRequest) {
  const answer = readPermitListBody(await listPermits(request), request.page);
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
        onIdentityChanged((user) => {
          // Signed out here or in another tab: the permits kept for offline reading go too.
          if (user === null) savedPermitLists.clearAll();
          sendBack({ type: 'IDENTITY.CHANGED', user });
        }),
      ),
      fetchProfile: fromPromise(() => getProfile()),
      refreshToken: fromPromise(async () => {
        if ((await getIdToken(true)) === null) throw new Error('Nobody is signed in to refresh');
      }),
      logout: fromPromise(async () => {
        // The provider sign-out runs even when the backend logout fails: the user is leaving.
        // Nothing of theirs stays on the device for whoever signs in next.
        savedPermitLists.clearAll();
        try {
          await logout();
        } finally {
          await signOutIdentity();
        }
      }),
    },
  },
  siteSettings: {
    actors: { loadSiteSettings: fromPromise(() => getSiteSettings()) },
  },
  login: {
    actors: {
      requestLogin: fromPromise(({ input }: { input: LoginCredentials }) => login(input)),
      signInWithToken: signInWithTokenActor,
    },
  },
  register: {
    actors: {
      requestRegistration: fromPromise(({ input }: { input: RegistrationDetails }) =>
        register(input),
      ),
      signInWithToken: signInWithTokenActor,
    },
  },
  forgotPassword: {
    actors: {
      sendRequest: fromPromise(({ input }: { input: PasswordRequestInput<PasswordResetRequest> }) =>
        requestPasswordReset(input.request.email),
      ),
    },
  },
  resetPassword: {
    actors: {
      sendRequest: fromPromise(
        ({ input }: { input: PasswordRequestInput<PasswordResetConfirmation> }) =>
          confirmPasswordReset(input.request),
      ),
    },
  },
  changePassword: {
    actors: {
      sendRequest: fromPromise(({ input }: { input: PasswordRequestInput<PasswordChange> }) =>
        changePassword(input.request),
      ),
    },
  },
  dashboard: {
    actors: {
      loadFigures: fromPromise(() =>
        gatherDashboardFigures({
          fetchProfile: getProfile,
          fetchCapInfo: getPermitCapInfo,
          countQueuedPermits,
        }),
      ),
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
      fetchPermits: fromPromise(({ input }: { input: PermitListRequest }) =>
        readPermitListAnswer(listPermits(input), input.page),
      ),
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
      activatePermit: fromPromise(({ input }: { input: { id: number } }) =>
        activatePermit(input.id),
      ),
    },
  },
  cancelPermit: {
    actors: {
      cancelPermit: fromPromise(({ input }: { input: { id: number } }) => cancelPermit(input.id)),
    },
  },
  updatePermit: {
    actors: {
      updatePermit: fromPromise(
        ({ input }: { input: { id: number; payload: PermitUpdatePayload } }) =>
          updatePermit(input.id, input.payload),
      ),
    },
  },
  emailPreferences: {
    actors: {
      loadPreferences: fromPromise(() => getEmailPreferences()),
      savePreferences: fromPromise(({ input }: { input: EmailPreferences }) =>
        putEmailPreferences(input),
      ),
    },
  },
  permitExport: {
    actors: {
      collectPermits: fromCallback<PermitExportEvent, CollectPermitsInput>(
        ({ input, sendBack }) => {
          collectPermitPages(
            (page) => readPermitListAnswer(listPermits({ ...input.request, page }), page),
            (progress) => sendBack({ type: 'PROGRESS', ...progress }),
          ).then(
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
