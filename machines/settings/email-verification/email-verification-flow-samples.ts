import type { AnyEventObject } from 'xstate';

/**
 * What the e-mail confirmation notice's model may be sent: "send the link again", and each kind of
 * answer of the host: unconfirmed, confirmed meanwhile, too many mails this hour (429), a failure.
 */
export const emailVerificationEventSamples: AnyEventObject[] = [
  { type: 'SEND_AGAIN' },
  { type: 'xstate.done.actor.loadVerification', output: { verified: false } },
  { type: 'xstate.done.actor.loadVerification', output: { verified: true } },
  { type: 'xstate.error.actor.loadVerification', error: {} },
  { type: 'xstate.done.actor.sendLinkAgain', output: { verified: false } },
  { type: 'xstate.done.actor.sendLinkAgain', output: { verified: true } },
  { type: 'xstate.error.actor.sendLinkAgain', error: { status: 429 } },
  { type: 'xstate.error.actor.sendLinkAgain', error: {} },
];
