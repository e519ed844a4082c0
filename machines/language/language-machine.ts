import { assign, fromPromise, setup } from 'xstate';
import { isNotOffered } from '../http-failure';
import { missingImplementation } from '../missing-implementation';

/** The languages the service speaks: English, the spec's, and Welsh (issue 40). */
export type Language = 'en' | 'cy';

export interface LanguageContext {
  /** The language every text is shown in. */
  language: Language;
  /** Chosen on this device since the API host last stored it: the host is told. */
  unsent: boolean;
}

export type LanguageEvent = { type: 'CHOOSE'; language: Language };

/**
 * A signed-in resident's language on the API host. The "Cymraeg" / "English" link in every page's
 * header shows the texts in the other language at once and keeps the choice on the device, signed
 * in or not (src/i18n/language-choice.ts); this statechart, started when a resident signs in,
 * keeps it on the host too where the host offers the optional /api/v1/me/language/, so a resident
 * who chose Welsh on their phone gets Welsh on their laptop. A choice made on the device since the
 * host last stored one goes to the host; otherwise the host's comes to the device. A host without
 * it (404) leaves the choice on the device alone.
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
    /** Stores the language on the host; resolves with the language it sent, once stored. */
    saveOnHost: fromPromise<Language, Language>(async () =>
      missingImplementation('language', 'actor', 'saveOnHost'),
    ),
  },
  guards: {
    notOffered: (_, params: { error: unknown }) => isNotOffered(params.error),
    unsent: ({ context }) => context.unsent,
    chosenSinceSent: ({ context }, params: { saved: Language }) =>
      params.saved !== context.language,
  },
  actions: {
    /** Shows every text in the host's language and keeps it on the device (the app provides it). */
    showAndKeep: (_, _params: { language: Language }) =>
      missingImplementation('language', 'action', 'showAndKeep'),
    /** The host stored the device's choice: the device need not send it again. */
    markSent: () => missingImplementation('language', 'action', 'markSent'),
    choose: assign((_, params: { language: Language; unsent: boolean }) => ({
      language: params.language,
      unsent: params.unsent,
    })),
  },
}).createMachine({
  id: 'language',
  description: 'The language the service is read in, kept on the device and the API host.',
  context: ({ input }) => ({ language: input.language, unsent: input.unsent }),
  initial: 'comparing',
  states: {
    comparing: {
      description:
        'A resident signed in: whether this device has a choice the host has not stored.',
      always: [
        {
          target: 'saving',
          guard: 'unsent',
          description: 'A choice made on this device: the host is told.',
        },
        { target: 'reading', description: 'Otherwise the host says what the resident chose.' },
      ],
    },
    reading: {
      description: "The resident's language is on its way from the API host.",
      on: {
        CHOOSE: {
          target: 'saving',
          description:
            "The resident chose before the host's answer came: the choice stands, and goes to the host.",
          actions: {
            type: 'choose',
            params: ({ event }) => ({ language: event.language, unsent: true }),
          },
        },
      },
      invoke: {
        id: 'readFromHost',
        src: 'readFromHost',
        onDone: {
          target: 'kept',
          description: "The host's choice is shown and kept on the device.",
          actions: [
            { type: 'choose', params: ({ event }) => ({ language: event.output, unsent: false }) },
            { type: 'showAndKeep', params: ({ event }) => ({ language: event.output }) },
          ],
        },
        onError: [
          {
            target: 'deviceOnly',
            guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) },
            description: 'The host does not keep languages (404, 405 or 501).',
          },
          { target: 'kept', description: "Any other failure: the device's choice stands." },
        ],
      },
    },
    saving: {
      description: 'The choice is on its way to the API host.',
      on: {
        CHOOSE: {
          description:
            'Another choice while the first is on its way: kept, and sent once the host has answered the first (two calls at once could land in either order).',
          actions: {
            type: 'choose',
            params: ({ event }) => ({ language: event.language, unsent: true }),
          },
        },
      },
      invoke: {
        id: 'saveOnHost',
        src: 'saveOnHost',
        input: ({ context }) => context.language,
        onDone: [
          {
            target: 'saving',
            reenter: true,
            guard: { type: 'chosenSinceSent', params: ({ event }) => ({ saved: event.output }) },
            description: 'The host stored the first choice; the one made since is sent now.',
          },
          {
            target: 'kept',
            description: 'The host stored it.',
            actions: [
              {
                type: 'choose',
                params: ({ context }) => ({ language: context.language, unsent: false }),
              },
              'markSent',
            ],
          },
        ],
        onError: [
          {
            target: 'deviceOnly',
            guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) },
            description: 'The host does not keep languages (404, 405 or 501).',
          },
          {
            target: 'kept',
            description: 'Not stored: the device keeps it, and tells the host at the next sign-in.',
          },
        ],
      },
    },
    kept: {
      description: 'The choice is on the device and, as far as known, on the host.',
      on: {
        CHOOSE: {
          target: 'saving',
          description: 'The resident chose a language (already shown and kept on the device).',
          actions: {
            type: 'choose',
            params: ({ event }) => ({ language: event.language, unsent: true }),
          },
        },
      },
    },
    deviceOnly: {
      description: 'The host does not keep languages: the choice stays on this device.',
    },
  },
});
