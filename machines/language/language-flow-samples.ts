import type { AnyEventObject } from 'xstate';

/**
 * What the language model may be sent: a choice of each language, and each kind of answer the
 * host gives to reading and storing it (a 404: the host does not keep languages).
 */
export const languageEventSamples: AnyEventObject[] = [
  { type: 'CHOOSE', language: 'cy' },
  { type: 'CHOOSE', language: 'en' },
  { type: 'xstate.done.actor.readFromHost', output: 'cy' },
  { type: 'xstate.error.actor.readFromHost', error: { status: 404 } },
  { type: 'xstate.error.actor.readFromHost', error: {} },
  { type: 'xstate.done.actor.saveOnHost', output: 'cy' },
  { type: 'xstate.error.actor.saveOnHost', error: { status: 404 } },
  { type: 'xstate.error.actor.saveOnHost', error: {} },
];
