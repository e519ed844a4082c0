import type { AnyEventObject, AnyStateMachine } from 'xstate';
import {
  createMachineTestModel,
  type MachinePath,
  type MachineTestModelOptions,
} from './model-paths';
import { changePasswordMachine } from '../settings/change-password/change-password-machine';
import { forgotPasswordMachine } from '../auth/forgot-password/forgot-password-machine';
import { loginMachine } from '../auth/login/login-machine';
import { registerMachine } from '../auth/register/register-machine';
import { resetPasswordMachine } from '../auth/reset-password/reset-password-machine';
import { activatePermitMachine } from '../permits/permit-dialogs/activate-permit-machine';
import { addPermitMachine } from '../permits/add-permit/add-permit-machine';
import { cancelPermitMachine } from '../permits/permit-dialogs/cancel-permit-machine';
import { permitExportMachine } from '../permits/permit-export/permit-export-machine';
import { hiddenPermitsMachine } from '../permits/my-permits/hidden-permits-machine';
import { permitListMachine } from '../permits/my-permits/permit-list-machine';
import { updatePermitMachine } from '../permits/permit-dialogs/update-permit-machine';
import { sessionMachine } from '../session-machine';
import { languageMachine } from '../language/language-machine';
import { languageEventSamples } from '../language/language-flow-samples';
import { emailPreferencesMachine } from '../settings/email-preferences/email-preferences-machine';
import { emailVerificationMachine } from '../settings/email-verification/email-verification-machine';
import { emailPreferencesEventSamples } from '../settings/email-preferences/email-preferences-flow-samples';
import { emailVerificationEventSamples } from '../settings/email-verification/email-verification-flow-samples';
import { loginEventSamples } from '../auth/login/login-flow-samples';
import {
  changePasswordEventSamples,
  forgotPasswordEventSamples,
  resetPasswordEventSamples,
} from '../auth/shared/password-flow-samples';
import {
  addPermitEventSamples,
  addPermitOffers,
  addPermitInput,
} from '../permits/add-permit/add-permit-flow-samples';
import {
  permitActionEventSamples,
  schedulingSite,
  scheduledPermit,
  updatePermitEventSamples,
} from '../permits/permit-dialogs/permit-dialog-flow-samples';
import { hiddenPermitsEventSamples } from '../permits/my-permits/hidden-permits-flow-samples';
import {
  permitListEventSamples,
  permitListModelInput,
} from '../permits/my-permits/permit-list-flow-samples';
import { registerEventSamples } from '../auth/register/register-flow-samples';
import { sessionEventSamples } from '../session-flow-samples';
import { visitorPassMachine } from '../visitor-passes/visitor-pass/visitor-pass-machine';
import {
  visitorPassEventSamples,
  visitorPassInput,
} from '../visitor-passes/visitor-pass/visitor-pass-flow-samples';
import { visitorPassListMachine } from '../visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { visitorPassListEventSamples } from '../visitor-passes/visitor-pass-list/visitor-pass-list-flow-samples';
import { visitorBookingMachine } from '../visitor-passes/visitor-booking/visitor-booking-machine';
import {
  visitorBookingEventSamples,
  visitorBookingFormSends,
  visitorBookingInput,
} from '../visitor-passes/visitor-booking/visitor-booking-flow-samples';

/** One statechart as QA walks it: the samples its generated paths send, and its input. */
export interface FlowModel {
  /** The machine's name, as the app's seam names it. */
  name: string;
  /** The folder of the machine, where its flow doc is written (`flowDocPath`). */
  home: string;
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
    home: 'machines',
    title: 'The signed-in session',
    machine: sessionMachine,
    eventSamples: sessionEventSamples,
  },
  {
    name: 'login',
    home: 'machines/auth/login',
    title: 'Sign in',
    machine: loginMachine,
    eventSamples: loginEventSamples,
  },
  {
    name: 'register',
    home: 'machines/auth/register',
    title: 'Create account',
    machine: registerMachine,
    eventSamples: registerEventSamples,
  },
  {
    name: 'forgotPassword',
    home: 'machines/auth/forgot-password',
    title: 'Forgot password',
    machine: forgotPasswordMachine,
    eventSamples: forgotPasswordEventSamples,
  },
  {
    name: 'resetPassword',
    home: 'machines/auth/reset-password',
    title: 'Reset password',
    machine: resetPasswordMachine,
    eventSamples: resetPasswordEventSamples,
  },
  {
    name: 'changePassword',
    home: 'machines/settings/change-password',
    title: 'Change password',
    machine: changePasswordMachine,
    eventSamples: changePasswordEventSamples,
  },
  {
    name: 'addPermit',
    home: 'machines/permits/add-permit',
    title: 'Add New Permit',
    machine: addPermitMachine,
    eventSamples: addPermitEventSamples,
    input: addPermitInput,
    offers: addPermitOffers,
  },
  {
    name: 'permitList',
    home: 'machines/permits/my-permits',
    title: 'My Permits',
    machine: permitListMachine,
    eventSamples: permitListEventSamples,
    input: permitListModelInput,
  },
  {
    name: 'hiddenPermits',
    home: 'machines/permits/my-permits',
    title: 'My Permits: permits on other dates',
    machine: hiddenPermitsMachine,
    eventSamples: hiddenPermitsEventSamples,
  },
  {
    name: 'activatePermit',
    home: 'machines/permits/permit-dialogs',
    title: 'Set Permit Live Now dialog',
    machine: activatePermitMachine,
    eventSamples: permitActionEventSamples('activatePermit'),
    input: { permit: scheduledPermit },
  },
  {
    name: 'cancelPermit',
    home: 'machines/permits/permit-dialogs',
    title: 'Cancel Permit dialog',
    machine: cancelPermitMachine,
    eventSamples: permitActionEventSamples('cancelPermit'),
    input: { permit: scheduledPermit },
  },
  {
    name: 'updatePermit',
    home: 'machines/permits/permit-dialogs',
    title: 'Update Permit dialog',
    machine: updatePermitMachine,
    eventSamples: updatePermitEventSamples,
    input: { permit: scheduledPermit, settings: schedulingSite },
  },
  {
    name: 'language',
    home: 'machines/language',
    title: 'Every page: Cymraeg / English',
    machine: languageMachine,
    eventSamples: languageEventSamples,
    input: { language: 'en', unsent: false },
  },
  {
    name: 'emailPreferences',
    home: 'machines/settings/email-preferences',
    title: 'Settings: e-mail switches',
    machine: emailPreferencesMachine,
    eventSamples: emailPreferencesEventSamples,
  },
  {
    name: 'emailVerification',
    home: 'machines/settings/email-verification',
    title: 'Settings: confirm your e-mail address',
    machine: emailVerificationMachine,
    eventSamples: emailVerificationEventSamples,
  },
  {
    name: 'permitExport',
    home: 'machines/permits/permit-export',
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
  {
    name: 'visitorPassList',
    home: 'machines/visitor-passes/visitor-pass-list',
    title: 'Visitor passes: the resident’s list, or none on this host',
    machine: visitorPassListMachine,
    eventSamples: visitorPassListEventSamples,
  },
  {
    name: 'visitorPass',
    home: 'machines/visitor-passes/visitor-pass',
    title: 'Send a visitor pass, and withdraw it',
    machine: visitorPassMachine,
    eventSamples: visitorPassEventSamples,
    input: visitorPassInput,
  },
  {
    name: 'visitorBooking',
    home: 'machines/visitor-passes/visitor-booking',
    title: 'Book visitor parking (the visitor’s page)',
    machine: visitorBookingMachine,
    eventSamples: visitorBookingEventSamples,
    input: visitorBookingInput,
    offers: visitorBookingFormSends,
  },
];

/** Where `npm run flows` writes a flow's doc: beside its machine, e.g. `add-permit-flow.md`. */
export function flowDocPath(model: FlowModel): string {
  const fileName = model.name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `${model.home}/${fileName}-flow.md`;
}

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
