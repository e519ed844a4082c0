import { assign, fromPromise, setup } from 'xstate';
import type {
  VisitorPass,
  VisitorPassCreated,
  VisitorPassCreatePayload,
  VisitorPassState,
} from '../../../contract/visitor-pass';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';
import { newRequestKey } from '../../request-key';
import {
  toCreateVisitorPassFailure,
  visitorPassMessages,
  type FormFailure,
} from './visitor-pass-error-message';
import { toVisitorPassCreatePayload, type VisitorPassFormValues } from './visitor-pass-form';

export interface VisitorPassInput {
  /** A pass the resident already has (a row of their list); none for "Send a visitor pass". */
  pass?: VisitorPass | null;
  /** The new pass's key; a new random one when not given (a test gives its own). */
  createKey?: string | null;
}

export interface VisitorPassContext {
  /** The pass as the host last described it; null until it is created. */
  pass: VisitorPass | null;
  /** The link's secret, which the host gives once, with the created pass; null otherwise. */
  token: string | null;
  /**
   * The key every send of a new pass carries (contract/visitor-pass.ts, `create_key`), so that
   * "Create link" pressed again after a lost answer gives the pass it made, with a new link,
   * rather than a second pass; null for a listed pass, or where the browser cannot make one.
   */
  createKey: string | null;
  /** Why the last create or withdraw call failed; null when it did not. */
  errorMessage: string | null;
  /** The host's word about single fields of the form, by field name; null otherwise. */
  fieldErrors: FormFailure['fieldErrors'];
}

export type VisitorPassEvent =
  | { type: 'SUBMIT'; values: VisitorPassFormValues }
  | { type: 'WITHDRAW' }
  | { type: 'PASS.SEEN'; pass: VisitorPass };

/** Guards on the state the host gives a pass: as listed (the input), as seen again, as answered. */
const listedAs = (state: VisitorPassState) => ({
  type: 'passIs' as const,
  params: ({ context }: { context: VisitorPassContext }) => ({ state, pass: context.pass }),
});
const seenAs = (state: VisitorPassState) => ({
  type: 'passIs' as const,
  params: ({ event }: { event: { pass: VisitorPass } }) => ({ state, pass: event.pass }),
});
const answeredAs = (state: VisitorPassState) => ({
  type: 'passIs' as const,
  params: ({ event }: { event: { output: VisitorPass } }) => ({ state, pass: event.output }),
});

const keepSeen = {
  type: 'keepPass' as const,
  params: ({ event }: { event: { pass: VisitorPass } }) => ({ pass: event.pass }),
};

const keepAnswer = {
  type: 'keepPass' as const,
  params: ({ event }: { event: { output: VisitorPass } }) => ({ pass: event.output }),
};

/**
 * One visitor pass in the resident's hands (docs/contract.md, "Visitor passes"): "Send a visitor
 * pass" creates it, and the host answers with the pass and, this once, the token its link carries;
 * a pass on the resident's list starts in the state the host gives it. While READY the resident may
 * withdraw it; the host's later word (the list read again) moves it on when its uses are spent,
 * its window ends, or it is withdrawn elsewhere. The app provides `createVisitorPass` and
 * `withdrawVisitorPass`.
 */
export const visitorPassMachine = setup({
  types: {
    context: {} as VisitorPassContext,
    events: {} as VisitorPassEvent,
    input: {} as VisitorPassInput | undefined,
  },
  actors: {
    createVisitorPass: fromPromise<VisitorPassCreated, VisitorPassCreatePayload>(async () =>
      missingImplementation('visitorPass', 'actor', 'createVisitorPass'),
    ),
    withdrawVisitorPass: fromPromise<VisitorPass, { id: number }>(async () =>
      missingImplementation('visitorPass', 'actor', 'withdrawVisitorPass'),
    ),
  },
  actions: {
    keepPass: assign((_, params: { pass: VisitorPass }) => ({ pass: params.pass })),
    keepCreated: assign((_, params: { created: VisitorPassCreated }) => {
      const { token, ...pass } = params.created;
      return { pass, token, errorMessage: null, fieldErrors: null };
    }),
    showFailure: assign((_, params: FormFailure) => ({
      errorMessage: params.message,
      fieldErrors: params.fieldErrors,
    })),
    clearFailure: assign({ errorMessage: null, fieldErrors: null }),
  },
  guards: {
    isNew: ({ context }) => context.pass === null,
    passIs: (_, params: { state: VisitorPassState; pass: VisitorPass | null }) =>
      params.pass?.state === params.state,
  },
}).createMachine({
  id: 'visitorPass',
  description: 'Sending a visitor pass: its form, its link, and withdrawing it.',
  context: ({ input }) => ({
    pass: input?.pass ?? null,
    token: null,
    createKey: input?.pass
      ? null
      : input?.createKey === undefined
        ? newRequestKey()
        : input.createKey,
    errorMessage: null,
    fieldErrors: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Where the pass starts: a new one is made; a listed one is in its own state.',
      always: [
        { guard: 'isNew', target: 'creating', description: 'No pass yet: the form to send one.' },
        { guard: listedAs('READY'), target: 'ready', description: 'A listed pass, READY.' },
        { guard: listedAs('USED'), target: 'usedUp', description: 'A listed pass, USED.' },
        {
          guard: listedAs('EXPIRED'),
          target: 'expired',
          description: 'A listed pass, EXPIRED.',
        },
        { target: 'withdrawn', description: 'A listed pass, WITHDRAWN.' },
      ],
    },
    creating: {
      description:
        'The resident fills in "Send a visitor pass": when it may be used, an optional name and how many permits it may make.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The form, before its first "Create link".',
          on: {
            SUBMIT: {
              target: 'submitting',
              description: 'The resident presses "Create link" with values the form accepts.',
            },
          },
        },
        submitting: {
          description: 'The create call is out; "Create link" is busy and sends nothing more.',
          entry: 'clearFailure',
          invoke: {
            id: 'createVisitorPass',
            src: 'createVisitorPass',
            input: ({ context, event }) => {
              if (event.type !== 'SUBMIT') throw new Error('submitting entered without SUBMIT');
              return { ...toVisitorPassCreatePayload(event.values), create_key: context.createKey };
            },
            onDone: {
              target: '#visitorPass.ready',
              description: 'The pass is made: its link is shown, to copy, share or scan.',
              actions: {
                type: 'keepCreated',
                params: ({ event }) => ({ created: event.output }),
              },
            },
            onError: {
              target: 'failed',
              description:
                'Refused or failed: why, on the fields the host named, or above the button.',
              actions: {
                type: 'showFailure',
                params: ({ event }) => toCreateVisitorPassFailure(toHttpFailure(event.error)),
              },
            },
          },
        },
        failed: {
          description: 'The pass was not made; the form keeps its values for another try.',
          on: {
            SUBMIT: {
              target: 'submitting',
              description:
                'The resident tries again with what the form now holds, under the same key: if the last try made the pass and only its answer was lost, the host answers with that pass, now as the form holds it, and a new link.',
            },
          },
        },
      },
    },
    ready: {
      description:
        'The pass may make a permit (READY): its link works, and the resident may withdraw it.',
      on: {
        WITHDRAW: {
          target: 'withdrawing',
          description: 'The resident presses "Withdraw".',
        },
        'PASS.SEEN': [
          {
            guard: seenAs('USED'),
            target: 'usedUp',
            description: 'The host says every use is spent.',
            actions: keepSeen,
          },
          {
            guard: seenAs('EXPIRED'),
            target: 'expired',
            description: 'The host says its window has ended.',
            actions: keepSeen,
          },
          {
            guard: seenAs('WITHDRAWN'),
            target: 'withdrawn',
            description: 'The host says it was withdrawn (in another tab, say).',
            actions: keepSeen,
          },
          {
            description: 'Still READY: what the host says of it now (its uses left) is shown.',
            actions: keepSeen,
          },
        ],
      },
    },
    withdrawing: {
      description: 'The withdraw call is out; "Withdraw" is busy.',
      entry: 'clearFailure',
      invoke: {
        id: 'withdrawVisitorPass',
        src: 'withdrawVisitorPass',
        input: ({ context }) => ({ id: context.pass?.id ?? 0 }),
        onDone: [
          {
            guard: answeredAs('USED'),
            target: 'usedUp',
            description: 'Its last use was spent before the withdrawal reached the host.',
            actions: keepAnswer,
          },
          {
            guard: answeredAs('EXPIRED'),
            target: 'expired',
            description: 'Its window had ended before the withdrawal reached the host.',
            actions: keepAnswer,
          },
          {
            target: 'withdrawn',
            description: 'Withdrawn: its link no longer works.',
            actions: keepAnswer,
          },
        ],
        onError: {
          target: 'ready',
          description: 'Not withdrawn: the pass stays READY and the resident is told.',
          actions: {
            type: 'showFailure',
            params: { message: visitorPassMessages.withdrawFailed, fieldErrors: null },
          },
        },
      },
    },
    usedUp: {
      description: 'Every use is spent (USED): the link no longer works.',
      type: 'final',
    },
    expired: {
      description: 'Its window has ended (EXPIRED): the link no longer works.',
      type: 'final',
    },
    withdrawn: {
      description: 'The resident withdrew it (WITHDRAWN): the link no longer works.',
      type: 'final',
    },
  },
});
