import type { AnyStateMachine } from 'xstate';
import type { changePasswordMachine } from '../../machines/auth/change-password-machine';
import type { forgotPasswordMachine } from '../../machines/auth/forgot-password-machine';
import type { loginMachine } from '../../machines/auth/login-machine';
import type { registerMachine } from '../../machines/auth/register-machine';
import type { resetPasswordMachine } from '../../machines/auth/reset-password-machine';
import type { dashboardMachine } from '../../machines/dashboard/dashboard-machine';
import type { activatePermitMachine } from '../../machines/permits/activate-permit-machine';
import type { addPermitMachine } from '../../machines/permits/add-permit-machine';
import type { cancelPermitMachine } from '../../machines/permits/cancel-permit-machine';
import type { hiddenPermitsMachine } from '../../machines/permits/hidden-permits-machine';
import type { recentVehiclesMachine } from '../../machines/permits/recent-vehicles-machine';
import type { permitExportMachine } from '../../machines/permits/permit-export-machine';
import type { permitListMachine } from '../../machines/permits/permit-list-machine';
import type { updatePermitMachine } from '../../machines/permits/update-permit-machine';
import type { sessionMachine } from '../../machines/session-machine';
import type { emailPreferencesMachine } from '../../machines/settings/email-preferences-machine';
import type { emailVerificationMachine } from '../../machines/settings/email-verification-machine';
import type { siteSettingsMachine } from '../../machines/site-settings-machine';

/** Every statechart the app runs, by the name the app and its tests know it by. */
export interface AppMachines {
  session: typeof sessionMachine;
  siteSettings: typeof siteSettingsMachine;
  login: typeof loginMachine;
  register: typeof registerMachine;
  forgotPassword: typeof forgotPasswordMachine;
  resetPassword: typeof resetPasswordMachine;
  changePassword: typeof changePasswordMachine;
  dashboard: typeof dashboardMachine;
  addPermit: typeof addPermitMachine;
  recentVehicles: typeof recentVehiclesMachine;
  permitList: typeof permitListMachine;
  hiddenPermits: typeof hiddenPermitsMachine;
  activatePermit: typeof activatePermitMachine;
  cancelPermit: typeof cancelPermitMachine;
  updatePermit: typeof updatePermitMachine;
  emailPreferences: typeof emailPreferencesMachine;
  emailVerification: typeof emailVerificationMachine;
  permitExport: typeof permitExportMachine;
}

export type AppMachineName = keyof AppMachines;

/** What `machine.provide(...)` takes for one of the app's machines. */
export type ImplementationsOf<M extends AnyStateMachine> = Parameters<M['provide']>[0];

/** The live side effects of every machine, by name (`liveImplementations`). */
export type AppImplementations = { [Name in AppMachineName]: ImplementationsOf<AppMachines[Name]> };
