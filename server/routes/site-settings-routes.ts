import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import { siteSettingsStore } from '../site-settings/site-settings-store';

/**
 * GET /api/v1/site-settings/ is public: the toggles hold nothing secret, and the web app may ask
 * before it knows whether anyone is signed in. A bearer token, if sent, is ignored.
 */
export const siteSettingsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/', async () => siteSettingsStore.read(db));
};
