import type { AnyEventObject } from 'xstate';

/**
 * What the e-mail switches' model may be sent: each switch turned off, a retry, and each kind of
 * answer of the host: the preferences, a host without them (404), a failure.
 */
export const emailPreferencesEventSamples: AnyEventObject[] = [
  { type: 'SWITCH', kind: 'confirmations', on: false },
  { type: 'SWITCH', kind: 'reminders', on: false },
  { type: 'RETRY' },
  {
    type: 'xstate.done.actor.loadPreferences',
    output: { confirmations: true, reminders: true },
  },
  { type: 'xstate.error.actor.loadPreferences', error: { status: 404 } },
  { type: 'xstate.error.actor.loadPreferences', error: {} },
  {
    type: 'xstate.done.actor.savePreferences',
    output: { confirmations: false, reminders: true },
  },
  { type: 'xstate.error.actor.savePreferences', error: {} },
];
