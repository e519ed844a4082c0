import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { languagePreferenceSchema, type LanguagePreference } from '../../contract/language';
import type { CredentialThrottles } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { authenticateResident, type Resident } from '../http/authenticate-resident';
import { parseBody } from '../http/parse-body';
import { refuseWhenThrottled } from '../http/refuse-when-throttled';
import { residentLanguage } from '../mail/mail-i18n';

export interface LanguageRoutesOptions {
  db: Database;
  identity: Identity;
  throttles: Pick<CredentialThrottles, 'languageAccount'>;
}

function preferenceOf(resident: Pick<Resident, 'language'>): LanguagePreference {
  return { language: residentLanguage(resident) };
}

/**
 * GET/PUT /api/v1/me/language/ (docs/contract.md, "Language"): the language the host writes the
 * resident's e-mails in, kept with the account so that it holds on every device and for mails
 * sent when no device is open (reminders).
 */
export const languageRoutes: FastifyPluginAsync<LanguageRoutesOptions> = async (app, options) => {
  const { db, identity, throttles } = options;

  app.get('/me/language/', async (request) => {
    const resident = await authenticateResident(request, { db, identity });
    return preferenceOf(resident);
  });

  app.put('/me/language/', async (request) => {
    const resident = await authenticateResident(request, { db, identity });
    await refuseWhenThrottled(
      db,
      throttles.languageAccount,
      resident.id,
      'Too many changes of language.',
    );
    const wanted = parseBody(languagePreferenceSchema, request.body);
    const [updated] = await db
      .update(users)
      .set({ language: wanted.language })
      .where(eq(users.id, resident.id))
      .returning({ language: users.language });
    return preferenceOf(updated ?? resident);
  });
};
