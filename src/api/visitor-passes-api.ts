import {
  visitorPassCreatedSchema,
  visitorPassListSchema,
  visitorPassSchema,
  type VisitorPass,
  type VisitorPassCreated,
  type VisitorPassCreatePayload,
  type VisitorPassList,
} from '../../contract/visitor-pass';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { readAnswer } from './read-answer';

/**
 * GET /api/v1/visitor-passes/ (docs/contract.md, "Visitor passes", an optional capability of the
 * host): the resident's passes, newest first, and whether older ones were left out. A host
 * without the capability answers 404.
 */
export async function listVisitorPasses(): Promise<VisitorPassList> {
  const { data } = await apiClient().get<unknown>(apiPaths.visitorPasses);
  return readAnswer(visitorPassListSchema, data, 'GET /api/v1/visitor-passes/');
}

/** POST /api/v1/visitor-passes/: the pass, and this once the token its link carries. */
export async function createVisitorPass(
  payload: VisitorPassCreatePayload,
): Promise<VisitorPassCreated> {
  const { data } = await apiClient().post<unknown>(apiPaths.visitorPasses, payload);
  return readAnswer(visitorPassCreatedSchema, data, 'POST /api/v1/visitor-passes/');
}

/** POST /api/v1/visitor-passes/{id}/withdraw/: the pass as it now stands. */
export async function withdrawVisitorPass(id: number): Promise<VisitorPass> {
  const { data } = await apiClient().post<unknown>(apiPaths.withdrawVisitorPass(id));
  return readAnswer(visitorPassSchema, data, 'POST /api/v1/visitor-passes/{id}/withdraw/');
}
