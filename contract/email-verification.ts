import './zod-in-a-page';
import { z } from 'zod';

/**
 * GET/POST /api/v1/me/email-verification/: whether the resident's e-mail address is confirmed;
 * POST mails the confirmation link again. An optional capability of the reference API host (a
 * host without it answers 404, and the web app then shows no notice). Until the address is
 * confirmed, the host sends it no permit e-mails.
 */
export const emailVerificationSchema = z
  .object({ verified: z.boolean() })
  .meta({ id: 'EmailVerification' });
export type EmailVerification = z.infer<typeof emailVerificationSchema>;
