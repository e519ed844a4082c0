import type { AnyEventObject } from 'xstate';
import { readyPass, usedPass } from '../visitor-pass/visitor-pass-flow-samples';

/**
 * What the visitor-pass list model may be sent: each kind of answer to reading it, a retry, and the
 * browser back online.
 */
export const visitorPassListEventSamples: AnyEventObject[] = [
  {
    type: 'xstate.done.actor.listVisitorPasses',
    output: { results: [readyPass, { ...usedPass, id: 8, name: 'Plumber' }] },
  },
  { type: 'xstate.error.actor.listVisitorPasses', error: { status: 404 } },
  { type: 'xstate.error.actor.listVisitorPasses', error: {} },
  { type: 'RETRY' },
  { type: 'CONNECTION.BACK' },
];
