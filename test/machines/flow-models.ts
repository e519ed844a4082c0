import type { AnyEventObject, AnyStateMachine } from 'xstate';
import {
  createMachineTestModel,
  type MachinePath,
  type MachineTestModelOptions,
} from './model-harness';
import { changePasswordMachine } from '../../machines/settings/change-password/change-password-machine';
import { forgotPasswordMachine } from '../../machines/auth/forgot-password/forgot-password-machine';
import { loginMachine } from '../../machines/auth/login/login-machine';
import { registerMachine } from '../../machines/auth/register/register-machine';
import { resetPasswordMachine } from '../../machines/auth/reset-password/reset-password-machine';
import { activatePermitMachine } from '../../machines/permits/permit-dialogs/activate-permit-machine';
import { addPermitMachine } from '../../machines/permits/add-permit/add-permit-machine';
import { cancelPermitMachine } from '../../machines/permits/permit-dialogs/cancel-permit-machine';
import { permitExportMachine } from '../../machines/permits/permit-export/permit-export-machine';
import { hiddenPermitsMachine } from '../../machines/permits/my-permits/hidden-permits-machine';
import { permitListMachine } from '../../machines/permits/my-permits/permit-list-machine';
import { updatePermitMachine } from '../../machines/permits/permit-dialogs/update-permit-machine';
import { sessionMachine } from '../../machines/session-machine';
import { emailPreferencesMachine } from '../../machines/settings/email-preferences/email-preferences-machine';
import { emailVerificationMachine } from '../../machines/settings/email-verification/email-verification-machine';
import { loginEventSamples } from './auth/login/login-machine-fixtures';
import {
  changePasswordEventSamples,
  forgotPasswordEventSamples,
  resetPasswordEventSamples,
} from './auth/shared/password-machines-fixtures';
import {
  addPermitEventSamples,
  addPermitFormSends,
  addPermitInput,
} from './permits/add-permit/add-permit-machine-fixtures';
import {
  permitActionEventSamples,
  schedulingSite,
  scheduledPermit,
  updatePermitEventSamples,
} from './permits/permit-dialogs/permit-dialog-machine-fixtures';
import { hiddenPermitsEventSamples } from './permits/my-permits/hidden-permits-machine-fixtures';
import {
  permitListEventSamples,
  permitListModelInput,
} from './permits/my-permits/permit-list-machine-fixtures';
import { registerEventSamples } from './auth/register/register-machine-fixtures';
import { sessionEventSamples } from './session-machine-fixtures';

/** One statechart as QA walks it: the samples its generated paths send, and its input. */
export interface FlowModel {
  /** The machine's name in `docs/flows/<name>.md`, as the app's seam names it. */
  name: string;
  /** What the resident meets it as. */
  title: string;
  machine: AnyStateMachine;
  eventSamples: readonly AnyEventObject[];
  input?: unknown;
  /** Which events a state offers, where its screen sends fewer than it handles. */
  offers?: MachineTestModelOptions['offers'];
}

/** The statecharts QA walks, with the same samples their model-based tests use. */
export const flowModels: readonly FlowModel[] = [
  {
    name: 'session',
    title: 'The signed-in session',
    machine: sessionMachine,
    eventSamples: sessionEventSamples,
  },
  { name: 'login', title: 'Sign in', machine: loginMachine, eventSamples: loginEventSamples },
  {
    name: 'register',
    title: 'Create account',
    machine: registerMachine,
    eventSamples: registerEventSamples,
  },
  {
    name: 'forgotPassword',
    title: 'Forgot password',
    machine: forgotPasswordMachine,
    eventSamples: forgotPasswordEventSamples,
  },
  {
    name: 'resetPassword',
    title: 'Reset password',
    machine: resetPasswordMachine,
    eventSamples: resetPasswordEventSamples,
  },
  {
    name: 'changePassword',
    title: 'Change password',
    machine: changePasswordMachine,
    eventSamples: changePasswordEventSamples,
  },
  {
    name: 'addPermit',
    title: 'Add New Permit',
    machine: addPermitMachine,
    eventSamples: addPermitEventSamples,
    input: addPermitInput,
    offers: addPermitFormSends,
  },
  {
    name: 'permitList',
    title: 'My Permits',
    machine: permitListMachine,
    eventSamples: permitListEventSamples,
    input: permitListModelInput,
  },
  {
    name: 'hiddenPermits',
    title: 'My Permits: permits on other dates',
    machine: hiddenPermitsMachine,
    eventSamples: hiddenPermitsEventSamples,
  },
  {
    name: 'activatePermit',
    title: 'Set Permit Live Now dialog',
    machine: activatePermitMachine,
    eventSamples: permitActionEventSamples('activatePermit'),
    input: { permit: scheduledPermit },
  },
  {
    name: 'cancelPermit',
    title: 'Cancel Permit dialog',
    machine: cancelPermitMachine,
    eventSamples: permitActionEventSamples('cancelPermit'),
    input: { permit: scheduledPermit },
  },
  {
    name: 'updatePermit',
    title: 'Update Permit dialog',
    machine: updatePermitMachine,
    eventSamples: updatePermitEventSamples,
    input: { permit: scheduledPermit, settings: schedulingSite },
  },
  {
    name: 'emailPreferences',
    title: 'Settings: e-mail switches',
    machine: emailPreferencesMachine,
    eventSamples: [
      { type: 'SWITCH', kind: 'confirmations', on: false },
      { type: 'SWITCH', kind: 'reminders', on: false },
      { type: 'RETRY' },
    ],
  },
  {
    name: 'emailVerification',
    title: 'Settings: confirm your e-mail address',
    machine: emailVerificationMachine,
    eventSamples: [{ type: 'SEND_AGAIN' }],
  },
  {
    name: 'permitExport',
    title: 'My Permits: Export CSV',
    machine: permitExportMachine,
    eventSamples: [
      {
        type: 'EXPORT',
        request: { status: [], start_date: '', end_date: '', search: '', page: 1 },
        at: new Date('2026-07-01T09:00:00Z'),
      },
      { type: 'PROGRESS', collected: 20, total: 40 },
      { type: 'COLLECTED', permits: [] },
      { type: 'FAILED' },
    ],
  },
];

const generatedPaths = new WeakMap<FlowModel, MachinePath[]>();

/**
 * The generated paths of a model: one shortest path over every transition, generated once per
 * process. A flow's doc (scripts/flows/flow-docs.ts), the index of the docs and the model tests
 * all read them; they live here, with the models, so the model tests import nothing from scripts/.
 */
export function pathsOf(model: FlowModel): MachinePath[] {
  let paths = generatedPaths.get(model);
  if (!paths) {
    paths = createMachineTestModel(model.machine, {
      eventSamples: model.eventSamples,
      coverage: 'transitions',
      offers: model.offers,
    }).getShortestPaths(model.input === undefined ? undefined : { input: model.input });
    generatedPaths.set(model, paths);
  }
  return paths;
}
