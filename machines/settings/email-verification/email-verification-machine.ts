import { fromPromise, setup } from 'xstate';
import type { EmailVerification } from '../../../contract/email-verification';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';

/** What the notice says and offers while the resident's address is not confirmed. */
export const emailVerificationTexts = {
  heading: /*i18n*/ 'Confirm your e-mail address',
  notice:
    /*i18n*/ 'Your e-mail address is not confirmed yet. Until it is, Kerbside sends you no permit e-mails. Open the link we e-mailed you when you registered.',
  sendAgain: /*i18n*/ 'Send the link again',
  sending: /*i18n*/ 'Sending...',
  sent: /*i18n*/ 'A new link is on its way to your e-mail address.',
  sendFailed: /*i18n*/ 'The link could not be sent. Please try again later.',
  tooMany:
    /*i18n*/ 'Too many e-mails have been sent to your address in the last hour. Please try again later.',
} as const;

export type EmailVerificationEvent = { type: 'SEND_AGAIN' };

/**
 * The notice that the resident's e-mail address is not confirmed, with "Send the link again":
 * read from and sent through the API host's optional /api/v1/me/email-verification/. A host
 * that does not offer it, a confirmed address and a failed look-up all show nothing.
 */
export const emailVerificationMachine = setup({
  types: {
    events: {} as EmailVerificationEvent,
  },
  actors: {
    loadVerification: fromPromise<EmailVerification, void>(async () =>
      missingImplementation('emailVerification', 'actor', 'loadVerification'),
    ),
    sendLinkAgain: fromPromise<EmailVerification, void>(async () =>
      missingImplementation('emailVerification', 'actor', 'sendLinkAgain'),
    ),
  },
  guards: {
    // An answer without a body (a host that answers 204) says nothing is confirmed.
    verified: (_, params: { verification: EmailVerification | undefined }) =>
      params.verification?.verified === true,
    tooMany: (_, params: { error: unknown }) => toHttpFailure(params.error).status === 429,
  },
}).createMachine({
  id: 'emailVerification',
  description: "Whether the resident's e-mail address is confirmed, and sending the link again.",
  initial: 'loading',
  states: {
    loading: {
      description: 'Whether the address is confirmed is on its way from the API host.',
      invoke: {
        id: 'loadVerification',
        src: 'loadVerification',
        onDone: [
          {
            target: 'hidden',
            guard: { type: 'verified', params: ({ event }) => ({ verification: event.output }) },
            description: 'The address is confirmed: there is nothing to say.',
          },
          {
            target: 'unconfirmed',
            description: 'The address is not confirmed: the notice and its button show.',
          },
        ],
        onError: {
          target: 'hidden',
          description:
            'The host does not offer address confirmation (404, 405, 501), or the look-up failed: nothing is shown, as before this capability.',
        },
      },
    },
    hidden: {
      description: 'No notice: the address is confirmed, or the host cannot say.',
      type: 'final',
    },
    unconfirmed: {
      description: 'The notice shows, with "Send the link again".',
      initial: 'idle',
      states: {
        idle: {
          description: 'The resident may ask for the link again.',
        },
        sent: {
          description: 'A new link was sent; the resident may ask again.',
        },
        failed: {
          description: 'The link was not sent: a message says why; the resident may try again.',
        },
        tooMany: {
          description: 'The hourly mail limit of the account is reached: a message says so.',
        },
      },
      on: {
        SEND_AGAIN: {
          target: 'sending',
          description: 'The resident presses "Send the link again".',
        },
      },
    },
    sending: {
      description: 'The host is asked to mail the link again; the button is busy.',
      invoke: {
        id: 'sendLinkAgain',
        src: 'sendLinkAgain',
        onDone: [
          {
            target: 'hidden',
            guard: { type: 'verified', params: ({ event }) => ({ verification: event.output }) },
            description: 'The address was confirmed meanwhile: the notice goes.',
          },
          { target: 'unconfirmed.sent', description: 'The link is on its way.' },
        ],
        onError: [
          {
            target: 'unconfirmed.tooMany',
            guard: { type: 'tooMany', params: ({ event }) => ({ error: event.error }) },
            description: 'The host answered 429: too many mails to this address this hour.',
          },
          { target: 'unconfirmed.failed', description: 'Any other failure.' },
        ],
      },
    },
  },
});
