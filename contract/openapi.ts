import './zod-in-a-page';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi';
import {
  detailSchema,
  loginCredentialsSchema,
  passwordChangeResultSchema,
  passwordChangeSchema,
  passwordResetConfirmationSchema,
  passwordResetRequestSchema,
  profileSchema,
  registrationDetailsSchema,
  tokenResponseSchema,
} from './auth';
import { emailPreferencesSchema } from './email-preferences';
import { emailVerificationSchema } from './email-verification';
import { detailErrorSchema, fieldErrorsSchema } from './errors';
import { languagePreferenceSchema } from './language';
import {
  permitActionBodySchema,
  permitCapInfoSchema,
  permitCreatePayloadSchema,
  permitListBodySchema,
  permitListQuerySchema,
  permitSchema,
  permitUpdatePayloadSchema,
} from './permit';
import { siteSettingsSchema } from './site-settings';
import {
  visitorBookingRequestSchema,
  visitorBookingSchema,
  visitorInvitationSchema,
  visitorPassCreatedSchema,
  visitorPassCreatePayloadSchema,
  visitorPassListSchema,
  visitorPassSchema,
  visitorPassRules,
} from './visitor-pass';

/**
 * The /api/v1 contract as an OpenAPI 3.1 document, generated from the schemas the reference host
 * validates with and the web app reads answers with. The host serves it at
 * GET /api/v1/openapi.json; `npm run openapi` writes docs/api/openapi.json.
 */

const json = <Schema extends z.ZodType>(schema: Schema) => ({
  content: { 'application/json': { schema } },
});
const html = { content: { 'text/html': { schema: z.string() } } };

const answer = (description: string, schema?: z.ZodType) =>
  schema ? { description, ...json(schema) } : { description };

const refusals = {
  badRequest: answer('The request was refused: each field’s messages.', fieldErrorsSchema),
  unauthenticated: answer(
    'No bearer token, or one the identity provider did not issue or that has lapsed.',
    detailErrorSchema,
  ),
  notFound: answer('No such permit of the resident’s, or a page past the last.', detailErrorSchema),
  throttled: answer('Too many attempts; try again later.', detailErrorSchema),
} as const;

const bearer = [{ bearerAuth: [] }];

/** A call anyone may make: the sign-in and registration calls, mail links, the site settings. */
const open = (operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject => ({
  ...operation,
  security: [],
});

const signedIn = (operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject => ({
  ...operation,
  security: bearer,
  responses: { ...operation.responses, '401': refusals.unauthenticated },
});

const permitIdPath = {
  path: z.object({ id: z.string().regex(/^\d+$/).meta({ description: 'The permit’s id.' }) }),
};

const permitAction = (summary: string, description: string) =>
  signedIn({
    summary,
    description,
    requestParams: permitIdPath,
    responses: {
      '200': answer('The permit as it now is.', permitActionBodySchema),
      '400': answer('Refused: the reason under `non_field_errors` or a field.', fieldErrorsSchema),
      '404': refusals.notFound,
    },
  });

const mailLink = z.object({
  user: z.string().meta({ description: 'The resident the link was mailed to.' }),
  token: z.string().meta({ description: 'The link’s signed token.' }),
});
const switchOffLink = mailLink.extend({ kind: z.enum(['confirmations', 'reminders']) });
const confirmationLink = mailLink.extend({ expires: z.string() });

/** A mailed link's refusal: a page for a browser (`Accept: text/html`), a detail for a program. */
const mailLinkRefusal = (description: string) => ({
  description,
  content: { ...json(detailErrorSchema).content, ...html.content },
});

/** A page a mailed link opens (GET, one button) or its button sends (POST): HTML, public. */
const mailLinkPage = (
  operationId: string,
  summary: string,
  query: z.ZodObject,
  page: string,
): ZodOpenApiOperationObject =>
  open({
    tags: ['optional'],
    operationId,
    summary,
    requestParams: { query },
    responses: {
      '200': { description: page, ...html },
      '404': mailLinkRefusal(
        'Not a genuine, current link. A browser is answered a page, "This link does not work", in English and Welsh.',
      ),
      '429': mailLinkRefusal('Too many links that were not genuine; try again later.'),
    },
  });

const visitorPassIdPath = {
  path: z.object({ id: z.string().regex(/^\d+$/).meta({ description: 'The pass’s id.' }) }),
};

const visitLink = z.object({
  token: z.string().meta({
    description: 'The secret of the pass’s link /visit/<token>, as the resident sent it.',
  }),
});

/** What a visitor's calls on a pass's link may be refused with. */
const visitRefusals = {
  '404': answer(
    'The link cannot be used: unknown, used up, expired or withdrawn, or its resident’s account disabled. The same answer whatever the reason.',
    detailErrorSchema,
  ),
  '429': answer(
    'Too many refused calls from this address, or on this link; try again later.',
    detailErrorSchema,
  ),
} as const;

export function openApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Kerbside API',
      version: '1.0.0',
      description:
        'The /api/v1 contract between the Kerbside web app and a council’s API host (docs/contract.md). ' +
        'A council host must answer every call of the specification; the calls marked optional are ' +
        'capabilities of the reference host, and the web app works without them (a 404 hides them).',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'The API host, which serves the web app’s calls.' }],
    tags: [
      { name: 'auth', description: 'Sign-in, registration, profile and passwords.' },
      { name: 'permits', description: 'The resident’s own visitor permits.' },
      { name: 'site', description: 'The council’s settings.' },
      {
        name: 'optional',
        description: 'Capabilities of the reference host a council host may leave out.',
      },
    ],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The identity provider’s ID token of the signed-in resident.',
        },
      },
    },
    paths: {
      '/api/v1/auth/login/': {
        post: open({
          tags: ['auth'],
          operationId: 'login',
          summary: 'Sign in',
          description:
            'Answers a custom token for the identity provider’s sign-in step (docs/contract.md §7).',
          requestBody: json(loginCredentialsSchema),
          responses: {
            '200': answer(
              'Signed in: a custom token, or a warning when minting one failed.',
              tokenResponseSchema,
            ),
            '400': refusals.badRequest,
            '401': answer('Wrong e-mail or password.', detailErrorSchema),
            '403': answer('The account has been disabled.', detailErrorSchema),
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/auth/register/': {
        post: open({
          tags: ['auth'],
          operationId: 'register',
          summary: 'Create an account with an invite code',
          requestBody: json(registrationDetailsSchema),
          responses: {
            '201': answer('Registered: a custom token to sign in with.', tokenResponseSchema),
            '400': refusals.badRequest,
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/auth/logout/': {
        post: open({
          tags: ['auth'],
          operationId: 'logout',
          summary: 'Sign out',
          description:
            'The web app signs out of the identity provider itself; failure is tolerated.',
          responses: { '200': answer('Signed out.', detailSchema) },
        }),
      },
      '/api/v1/auth/profile/': {
        get: signedIn({
          tags: ['auth'],
          operationId: 'getProfile',
          summary: 'The resident’s profile',
          description:
            'Doubles as the session’s validity check: a 401 or 403 signs the resident out.',
          responses: {
            '200': answer('The profile.', profileSchema),
            '403': answer('The account has been disabled.', detailErrorSchema),
          },
        }),
      },
      '/api/v1/auth/change-password/': {
        post: signedIn({
          tags: ['auth'],
          operationId: 'changePassword',
          summary: 'Change the password',
          requestBody: json(passwordChangeSchema),
          responses: {
            '200': answer('Changed; every other session has ended.', passwordChangeResultSchema),
            '400': refusals.badRequest,
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/auth/password-reset/': {
        post: open({
          tags: ['auth'],
          operationId: 'requestPasswordReset',
          summary: 'Mail a password reset link',
          description: 'Answers the same whether or not the address has an account.',
          requestBody: json(passwordResetRequestSchema),
          responses: {
            '200': answer('A link is mailed if the address has an account.', detailSchema),
            '400': refusals.badRequest,
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/auth/password-reset-confirm/': {
        post: open({
          tags: ['auth'],
          operationId: 'confirmPasswordReset',
          summary: 'Choose a new password with a reset link',
          requestBody: json(passwordResetConfirmationSchema),
          responses: {
            '200': answer('The password is changed.', detailSchema),
            '400': refusals.badRequest,
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/site-settings/': {
        get: open({
          tags: ['site'],
          operationId: 'getSiteSettings',
          summary: 'The council’s settings',
          responses: { '200': answer('The settings.', siteSettingsSchema) },
        }),
      },
      '/api/v1/permits/': {
        get: signedIn({
          tags: ['permits'],
          operationId: 'listPermits',
          summary: 'The resident’s permits, newest first',
          description:
            'Filtered by status and creation date, searched, in pages. A body carrying an `error` field is a failure.',
          requestParams: { query: permitListQuerySchema.partial() },
          responses: {
            '200': answer(
              'A page of permits and the count, or a plain array of all.',
              permitListBodySchema,
            ),
            '400': refusals.badRequest,
            '404': answer('A page past the last: "Invalid page."', detailErrorSchema),
          },
        }),
        post: signedIn({
          tags: ['permits'],
          operationId: 'createPermit',
          summary: 'Create a permit',
          description: '201 or 202 is success (docs/contract.md §7).',
          requestBody: json(permitCreatePayloadSchema),
          responses: {
            '201': answer('Created; the parking provider is told in the background.', permitSchema),
            '202': answer(
              'Accepted; the parking provider is told in the background.',
              permitSchema,
            ),
            '400': refusals.badRequest,
          },
        }),
      },
      '/api/v1/permits/permit_cap_info/': {
        get: signedIn({
          tags: ['permits'],
          operationId: 'getPermitCapInfo',
          summary: 'Activations used and left in this period',
          responses: { '200': answer('The cap and its use.', permitCapInfoSchema) },
        }),
      },
      '/api/v1/permits/{id}/activate/': {
        post: {
          tags: ['permits'],
          operationId: 'activatePermit',
          ...permitAction('Activate a scheduled permit now', 'Set Live Now.'),
        },
      },
      '/api/v1/permits/{id}/cancel/': {
        post: {
          tags: ['permits'],
          operationId: 'cancelPermit',
          ...permitAction('Cancel a permit', 'The parking provider is told in the background.'),
        },
      },
      '/api/v1/permits/{id}/full_update/': {
        patch: {
          tags: ['permits'],
          operationId: 'updatePermit',
          ...permitAction(
            'Change a permit’s start or end',
            'A 2xx answer may still carry `error` and `message` (docs/contract.md §8, "Update permit").',
          ),
          requestBody: json(permitUpdatePayloadSchema),
        },
      },
      '/api/v1/me/email-preferences/': {
        get: signedIn({
          tags: ['optional'],
          operationId: 'getEmailPreferences',
          summary: 'Which permit e-mails the resident gets (optional)',
          responses: { '200': answer('The choices.', emailPreferencesSchema) },
        }),
        put: signedIn({
          tags: ['optional'],
          operationId: 'putEmailPreferences',
          summary: 'Choose which permit e-mails the resident gets (optional)',
          requestBody: json(emailPreferencesSchema),
          responses: {
            '200': answer('The choices stored.', emailPreferencesSchema),
            '400': refusals.badRequest,
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/me/language/': {
        get: signedIn({
          tags: ['optional'],
          operationId: 'getLanguage',
          summary: 'The language of the resident’s e-mails (optional)',
          responses: { '200': answer('The language.', languagePreferenceSchema) },
        }),
        put: signedIn({
          tags: ['optional'],
          operationId: 'putLanguage',
          summary: 'Choose the language of the resident’s e-mails (optional)',
          requestBody: json(languagePreferenceSchema),
          responses: {
            '200': answer('The language stored.', languagePreferenceSchema),
            '400': refusals.badRequest,
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/me/email-verification/': {
        get: signedIn({
          tags: ['optional'],
          operationId: 'getEmailVerification',
          summary: 'Whether the resident’s address is confirmed (optional)',
          responses: { '200': answer('Confirmed or not.', emailVerificationSchema) },
        }),
        post: signedIn({
          tags: ['optional'],
          operationId: 'sendEmailVerification',
          summary: 'Mail the confirmation link again (optional)',
          responses: {
            '202': answer('Mailed.', emailVerificationSchema),
            '200': answer('Already confirmed: nothing mailed.', emailVerificationSchema),
            '429': refusals.throttled,
          },
        }),
      },
      '/api/v1/email-preferences/switch-off/': {
        get: mailLinkPage(
          'showEmailSwitchOff',
          'The page a mailed "stop these e-mails" link opens (optional)',
          switchOffLink,
          'A page with one button.',
        ),
        post: mailLinkPage(
          'switchOffEmails',
          'Stop one kind of permit e-mail from a mailed link (optional)',
          switchOffLink,
          'The page saying so.',
        ),
      },
      '/api/v1/email-verification/confirm/': {
        get: mailLinkPage(
          'showEmailConfirmation',
          'The page a mailed confirmation link opens (optional)',
          confirmationLink,
          'A page with one button.',
        ),
        post: mailLinkPage(
          'confirmEmail',
          'Confirm the resident’s address from a mailed link (optional)',
          confirmationLink,
          'The page saying so.',
        ),
      },
      '/api/v1/visitor-passes/': {
        get: signedIn({
          tags: ['optional'],
          operationId: 'listVisitorPasses',
          summary: 'The resident’s visitor passes, newest first (optional)',
          description:
            'A host without visitor passes answers 404 here, and the web app leaves them out.',
          responses: {
            '200': answer('The passes; never their tokens.', visitorPassListSchema),
            '403': answer('The account has been disabled.', detailErrorSchema),
          },
        }),
        post: signedIn({
          tags: ['optional'],
          operationId: 'createVisitorPass',
          summary: 'Create a visitor pass: a link a visitor books parking on (optional)',
          description: `A resident with ${visitorPassRules.maxReadyPasses} READY passes is refused another (400, non_field_errors) until one is withdrawn, used or ended; a try sent again with its create_key is answered, not refused.`,
          requestBody: json(visitorPassCreatePayloadSchema),
          responses: {
            '201': answer('Created: the pass and, this once, its token.', visitorPassCreatedSchema),
            '400': refusals.badRequest,
            '403': answer('The account has been disabled.', detailErrorSchema),
          },
        }),
      },
      '/api/v1/visitor-passes/{id}/withdraw/': {
        post: signedIn({
          tags: ['optional'],
          operationId: 'withdrawVisitorPass',
          summary: 'Withdraw a visitor pass (optional)',
          description:
            'Its link books nothing more and no longer shows a booking; withdrawing again changes nothing. The permits booked on it stay the resident’s.',
          requestParams: visitorPassIdPath,
          responses: {
            '200': answer('The pass, withdrawn.', visitorPassSchema),
            '403': answer('The account has been disabled.', detailErrorSchema),
            '404': answer('No such pass of the resident’s.', detailErrorSchema),
          },
        }),
      },
      '/api/v1/visitor-passes/visit/{token}/': {
        get: open({
          tags: ['optional'],
          operationId: 'getVisitorInvitation',
          summary: 'What a visitor’s link shows (optional)',
          description:
            'No account needed. Of the resident, only their first name. Throttled per address and per link.',
          requestParams: { path: visitLink },
          responses: {
            '200': answer('The invitation.', visitorInvitationSchema),
            ...visitRefusals,
          },
        }),
      },
      '/api/v1/visitor-passes/visit/{token}/book/': {
        post: open({
          tags: ['optional'],
          operationId: 'bookOnVisitorPass',
          summary: 'Book parking on a visitor’s link (optional)',
          description:
            'The permit is the resident’s, under the rules of their own (limit, cap, overlaps, the site’s settings), within the pass’s window; it takes one of the pass’s uses. A receipt goes once to `receipt_email`, which is not kept, in `language`.',
          requestParams: { path: visitLink },
          requestBody: json(visitorBookingRequestSchema),
          responses: {
            '200': answer(
              'Booked before, with this `booking_key`: the permit that booking made, as it now is. Nothing more is booked, and no receipt is sent again.',
              visitorBookingSchema,
            ),
            '201': answer('Booked.', visitorBookingSchema),
            '400': answer(
              'Refused: each field’s messages, or under `non_field_errors` why the resident cannot hold it.',
              fieldErrorsSchema,
            ),
            ...visitRefusals,
          },
        }),
      },
      '/api/v1/visitor-passes/visit/{token}/bookings/{reference_no}/': {
        get: open({
          tags: ['optional'],
          operationId: 'getVisitorBooking',
          summary: 'The live status of a booking made on the link (optional)',
          description:
            'While the pass’s window lasts, once its uses are spent too, until the resident withdraws it.',
          requestParams: {
            path: visitLink.extend({
              reference_no: z.string().meta({ description: 'The booking’s reference number.' }),
            }),
          },
          responses: {
            '200': answer('The booking as it now is.', visitorBookingSchema),
            ...visitRefusals,
          },
        }),
      },
      '/api/v1/openapi.json': {
        get: open({
          tags: ['site'],
          operationId: 'getOpenApiDocument',
          summary: 'This document',
          responses: {
            '200': {
              description: 'The OpenAPI document.',
              content: { 'application/json': { schema: z.looseObject({}) } },
            },
          },
        }),
      },
    },
  });
}
