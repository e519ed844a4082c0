import { fromPromise } from 'xstate';
import type { EmailPreferences } from '../../../../contract/email-preferences';
import type { emailPreferencesMachine } from '../../../../machines/settings/email-preferences/email-preferences-machine';
import { emailPreferencesApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    emailPreferences: typeof emailPreferencesMachine;
  }
}

/** The e-mail switches: the host's optional /api/v1/me/email-preferences/ capability. */
export const emailPreferencesActors: ImplementationsOf<typeof emailPreferencesMachine> = {
  actors: {
    loadPreferences: fromPromise(async () => (await emailPreferencesApi()).getEmailPreferences()),
    savePreferences: fromPromise(async ({ input }: { input: EmailPreferences }) =>
      (await emailPreferencesApi()).putEmailPreferences(input),
    ),
  },
};
