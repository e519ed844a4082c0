import { assign, fromPromise, setup } from 'xstate';
import type { VisitorPass, VisitorPassList } from '../../../contract/visitor-pass';
import type { ConnectionEvent } from '../../connection-events';
import { isNotOffered } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';

export interface VisitorPassListContext {
  /** The resident's passes, newest first, from the host's last answer; empty before one. */
  passes: VisitorPass[];
  /** Whether the host left out older passes that can no longer be used (the list is bounded). */
  endedPassesLeftOut: boolean;
}

export type VisitorPassListEvent = { type: 'RETRY' } | ConnectionEvent;

/**
 * The resident's visitor passes (docs/contract.md, "Visitor passes"), an optional capability of the
 * API host: GET /api/v1/visitor-passes/ lists them, and a host without the capability answers 404
 * (or 405 or 501), so the app hides everything about passes: My Permits' "Send a visitor pass" and
 * "Visitor passes", and the marks on permits booked through a pass. The Visitor passes page lists
 * them. The app provides `listVisitorPasses`.
 */
export const visitorPassListMachine = setup({
  types: {
    context: {} as VisitorPassListContext,
    events: {} as VisitorPassListEvent,
  },
  actors: {
    listVisitorPasses: fromPromise<VisitorPassList, void>(async () =>
      missingImplementation('visitorPassList', 'actor', 'listVisitorPasses'),
    ),
  },
  actions: {
    keepPasses: assign((_, params: { list: VisitorPassList }) => ({
      passes: params.list.results,
      endedPassesLeftOut: params.list.ended_passes_left_out ?? false,
    })),
  },
  guards: {
    notOffered: (_, params: { error: unknown }) => isNotOffered(params.error),
  },
}).createMachine({
  id: 'visitorPassList',
  description: 'The visitor passes the resident has sent.',
  context: { passes: [], endedPassesLeftOut: false },
  initial: 'loading',
  states: {
    loading: {
      description: 'The resident’s passes are on their way from the API host.',
      invoke: {
        id: 'listVisitorPasses',
        src: 'listVisitorPasses',
        onDone: {
          target: 'listed',
          description: 'The host offers visitor passes and listed the resident’s.',
          actions: { type: 'keepPasses', params: ({ event }) => ({ list: event.output }) },
        },
        onError: [
          {
            guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) },
            target: 'notOffered',
            description: 'The host does not offer visitor passes (404, 405 or 501).',
          },
          {
            target: 'failed',
            description: 'Any other failure: a message and a way to try again.',
          },
        ],
      },
    },
    listed: {
      description: 'The passes are shown, with the ways to send and withdraw them.',
      type: 'final',
    },
    notOffered: {
      description: 'Nothing about visitor passes is shown: this host has none.',
      type: 'final',
    },
    failed: {
      description: 'The passes could not be read; the resident may try again.',
      on: {
        RETRY: { target: 'loading', description: 'The resident asks to read them again.' },
        // A list first asked for offline (My Permits, opened from the home screen without a
        // signal) would otherwise hide the ways to send a pass until the page is opened again.
        'CONNECTION.BACK': {
          target: 'loading',
          description: 'The browser is online again: the passes are read again.',
        },
      },
    },
  },
});
