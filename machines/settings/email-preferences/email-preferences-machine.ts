import { assign, fromPromise, setup } from 'xstate';
import type { EmailPreferenceKind, EmailPreferences } from '../../../contract/email-preferences';
import { isNotOffered } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';

/** Shown when the switches could not be loaded or a change was not stored. */
export const emailPreferencesMessages = {
  loadFailed: /*i18n*/ 'Your e-mail choices could not be loaded. Please try again.',
  saveFailed: /*i18n*/ 'Your e-mail choice was not saved. Please try again.',
} as const;

export interface EmailPreferencesContext {
  /** What the API host has stored; null until loaded. */
  stored: EmailPreferences | null;
  /** What the switches show: the stored choice, or the one being saved. */
  shown: EmailPreferences | null;
  error: string | null;
}

export type EmailPreferencesEvent =
  { type: 'SWITCH'; kind: EmailPreferenceKind; on: boolean } | { type: 'RETRY' };

/**
 * Settings' "E-mail me a confirmation" and "E-mail me before a permit ends" switches: loaded
 * from and stored by the API host's optional /api/v1/me/email-preferences/; a host that does not
 * offer it leaves the switches hidden.
 */
export const emailPreferencesMachine = setup({
  types: {
    context: {} as EmailPreferencesContext,
    events: {} as EmailPreferencesEvent,
  },
  actors: {
    loadPreferences: fromPromise<EmailPreferences, void>(async () =>
      missingImplementation('emailPreferences', 'actor', 'loadPreferences'),
    ),
    savePreferences: fromPromise<EmailPreferences, EmailPreferences>(async () =>
      missingImplementation('emailPreferences', 'actor', 'savePreferences'),
    ),
  },
  guards: {
    notOffered: (_, params: { error: unknown }) => isNotOffered(params.error),
  },
  actions: {
    store: assign((_, params: { preferences: EmailPreferences }) => ({
      stored: params.preferences,
      shown: params.preferences,
      error: null,
    })),
    showSwitched: assign(({ context }, params: { kind: EmailPreferenceKind; on: boolean }) => ({
      shown: context.stored && { ...context.stored, [params.kind]: params.on },
      error: null,
    })),
    fail: assign(({ context }, params: { message: string }) => ({
      shown: context.stored,
      error: params.message,
    })),
  },
}).createMachine({
  id: 'emailPreferences',
  description: "The resident's choice of permit e-mails, on Settings.",
  context: { stored: null, shown: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: "The resident's e-mail choices are on their way from the API host.",
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: {
          target: 'ready',
          description: 'The host answered with both choices: the switches show them.',
          actions: { type: 'store', params: ({ event }) => ({ preferences: event.output }) },
        },
        onError: [
          {
            target: 'notOffered',
            guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) },
            description: 'The host does not offer e-mail preferences (404, 405 or 501).',
          },
          {
            target: 'loadFailed',
            description: 'Any other failure: a message and a way to try again.',
            actions: { type: 'fail', params: { message: emailPreferencesMessages.loadFailed } },
          },
        ],
      },
    },
    notOffered: {
      description: 'No switches are shown: this host sends no permit e-mails.',
      type: 'final',
    },
    loadFailed: {
      description: 'The choices could not be loaded; the resident may try again.',
      on: {
        RETRY: { target: 'loading', description: 'The resident asks to load them again.' },
      },
    },
    ready: {
      description: 'The switches show the stored choices and may be changed.',
      on: {
        SWITCH: {
          target: 'saving',
          description: 'The resident flips a switch: it shows the new choice while it is saved.',
          actions: {
            type: 'showSwitched',
            params: ({ event }) => ({ kind: event.kind, on: event.on }),
          },
        },
      },
    },
    saving: {
      description: 'The new choice is being stored; the switches are disabled meanwhile.',
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => context.shown ?? { confirmations: true, reminders: true },
        onDone: {
          target: 'ready',
          description: 'The host stored the choice and answered with both.',
          actions: { type: 'store', params: ({ event }) => ({ preferences: event.output }) },
        },
        onError: {
          target: 'ready',
          description: 'Not stored: the switch goes back and a message says so.',
          actions: { type: 'fail', params: { message: emailPreferencesMessages.saveFailed } },
        },
      },
    },
  },
});
