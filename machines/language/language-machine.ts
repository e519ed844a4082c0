import { assign, fromPromise, setup } from 'xstate';
import { isNotOffered } from '../http-failure';
import { missingImplementation } from '../missing-implementation';

/** The languages the service speaks: English, the spec's, and Welsh (issue 40). */
export type Language = 'en' | 'cy';

export interface LanguageContext {
  /** The language every text is shown in. */
  language: Language;
  /** Chosen on this device while nobody was signed in: the API host is told at the next sign-in. */
  unsent: boolean;
}

export type LanguageEvent =
  { type: 'CHOOSE'; language: Language } | { type: 'SIGNED_IN' } | { type: 'SIGNED_OUT' };

/**
 * The resident's language: the "Cymraeg" / "English" link in every page's header chooses it; the
 * device keeps it; and where the API host offers the optional /api/v1/me/language/, the host keeps
 * it too, so a resident who chose Welsh on their phone gets Welsh on their laptop. A choice made
 * while signed out goes to the host at the next sign-in; otherwise, at sign-in, the host's choice
 * comes to the device. A host without it (404) leaves the choice on the device alone.
 */
export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as { language: Language; unsent: boolean },
  },
  actors: {
    readFromHost: fromPromise<Language, void>(async () =>
      missingImplementation('language', 'actor', 'readFromHost'),
    ),
    saveOnHost: fromPromise<Language, Language>(async () =>
      missingImplementation('language', 'actor', 'saveOnHost'),
    ),
  },
  guards: {
    notOffered: (_, params: { error: unknown }) => isNotOffered(params.error),
    unsent: ({ context }) => context.unsent,
  },
  actions: {
    /** Shows every text in the language and keeps it on the device (the app provides it). */
    showAndKeep: (_, _params: { language: Language; unsent: boolean }) =>
      missingImplementation('language', 'action', 'showAndKeep'),
    choose: assign((_, params: { language: Language; unsent: boolean }) => ({
      language: params.language,
      unsent: params.unsent,
    })),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: input.language, unsent: input.unsent }),
  initial: 'signedOut',
  states: {
    signedOut: {
      description: 'Nobody is signed in: a choice stays on the device until the next sign-in.',
      on: {
        CHOOSE: {
          description: 'The resident chooses a language: shown at once, kept on the device.',
          actions: [
            {
              type: 'choose',
              params: ({ event }) => ({ language: event.language, unsent: true }),
            },
            {
              type: 'showAndKeep',
              params: ({ event }) => ({ language: event.language, unsent: true }),
            },
          ],
        },
        SIGNED_IN: { target: 'signedIn', description: 'A resident signed in.' },
      },
    },
    signedIn: {
      description:
        'A resident is signed in: their choice is kept on the host too, if it offers it.',
      initial: 'comparing',
      on: {
        SIGNED_OUT: { target: 'signedOut', description: 'The resident signed out.' },
      },
      states: {
        comparing: {
          description: 'Whether this device has a choice the host has not been told of.',
          always: [
            {
              target: 'saving',
              guard: 'unsent',
              description: 'A choice made while signed out: the host is told.',
            },
            { target: 'reading', description: 'Otherwise the host says what the resident chose.' },
          ],
        },
        reading: {
          description: "The resident's language is on its way from the API host.",
          invoke: {
            id: 'readFromHost',
            src: 'readFromHost',
            onDone: {
              target: 'kept',
              description: "The host's choice is shown and kept on the device.",
              actions: [
                {
                  type: 'choose',
                  params: ({ event }) => ({ language: event.output, unsent: false }),
                },
                {
                  type: 'showAndKeep',
                  params: ({ event }) => ({ language: event.output, unsent: false }),
                },
              ],
            },
            onError: [
              {
                target: 'deviceOnly',
                guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) },
                description: 'The host does not keep languages (404, 405 or 501).',
              },
              {
                target: 'kept',
                description: "Any other failure: the device's choice stands.",
              },
            ],
          },
        },
        saving: {
          description: 'The choice is on its way to the API host.',
          invoke: {
            id: 'saveOnHost',
            src: 'saveOnHost',
            input: ({ context }) => context.language,
            onDone: {
              target: 'kept',
              description: 'The host stored it.',
              actions: {
                type: 'choose',
                params: ({ context }) => ({ language: context.language, unsent: false }),
              },
            },
            onError: [
              {
                target: 'deviceOnly',
                guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) },
                description: 'The host does not keep languages (404, 405 or 501).',
              },
              {
                target: 'kept',
                description:
                  'Not stored: the device keeps it, and tells the host at the next sign-in.',
              },
            ],
          },
        },
        kept: {
          description: 'The choice is shown, on the device and, as far as known, on the host.',
          on: {
            CHOOSE: {
              target: 'saving',
              description: 'The resident chooses a language: shown at once, then sent to the host.',
              actions: [
                {
                  type: 'choose',
                  params: ({ event }) => ({ language: event.language, unsent: true }),
                },
                {
                  type: 'showAndKeep',
                  params: ({ event }) => ({ language: event.language, unsent: true }),
                },
              ],
            },
          },
        },
        deviceOnly: {
          description: 'The host does not keep languages: the choice stays on this device.',
          on: {
            CHOOSE: {
              description: 'The resident chooses a language: shown at once, kept on the device.',
              actions: [
                {
                  type: 'choose',
                  params: ({ event }) => ({ language: event.language, unsent: false }),
                },
                {
                  type: 'showAndKeep',
                  params: ({ event }) => ({ language: event.language, unsent: false }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
