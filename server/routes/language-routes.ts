import type { FastifyPluginAsync } from 'fastify';
import { languagePreferenceSchema } from '../../contract/language';
import type { CredentialThrottles } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import type { Identity } from '../identity/firebase-identity';
import { addResidentSettingRoutes } from '../http/add-resident-setting-routes';
import { residentLanguage } from '../mail/mail-i18n';

export interface LanguageRoutesOptions {
  db: Database;
  identity: Identity;
  throttles: Pick<CredentialThrottles, 'languageAccount'>;
}

/**
 * GET/PUT /api/v1/me/language/ (docs/contract.md, "Language"): the language the host writes the
 * resident's e-mails in, kept with the account so that it holds on every device and for mails
 * sent when no device is open (reminders).
 */
export const languageRoutes: FastifyPluginAsync<LanguageRoutesOptions> = async (app, options) => {
  addResidentSettingRoutes(app, {
    db: options.db,
    identity: options.identity,
    path: '/me/language/',
    throttle: options.throttles.languageAccount,
    tooMany: 'Too many changes of language.',
    schema: languagePreferenceSchema,
    read: (resident) => ({ language: residentLanguage(resident) }),
    write: (wanted) => ({ language: wanted.language }),
  });
};
