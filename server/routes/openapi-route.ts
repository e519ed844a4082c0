import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument } from '../../contract/openapi';

export const openApiPath = '/api/v1/openapi.json';

/**
 * GET /api/v1/openapi.json: the contract as OpenAPI 3.1, generated from contract/ on the first
 * request (docs/api/README.md). Public, like the specification it describes.
 */
export const openApiRoute: FastifyPluginAsync = async (app) => {
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get(openApiPath, async () => (document ??= openApiDocument()));
};
