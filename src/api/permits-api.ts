import type { CreatePermitAnswer } from '../../machines/permits/add-permit/add-permit-machine';
import {
  permitCapInfoSchema,
  permitListBodySchema,
  permitUpdateAnswerSchema,
  type PermitCapInfo,
  type PermitCreatePayload,
  type PermitListRequest,
  type PermitUpdateAnswer,
  type PermitUpdatePayload,
} from '../../contract/permit';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { permitListParams } from './permit-list-params';
import { readAnswer } from './read-answer';

/** POST /api/v1/permits/ (docs/contract.md §7). Only 201 and 202 mean the permit was taken. */
export async function createPermit(payload: PermitCreatePayload): Promise<CreatePermitAnswer> {
  const { status } = await apiClient().post(apiPaths.permits, payload);
  return { status };
}

/**
 * GET /api/v1/permits/. A body carrying `error` is handed on as it is, for the list's reader to
 * treat as the failure docs/contract.md §7 says it is; any other body must be a list answer.
 */
export async function listPermits(request: PermitListRequest): Promise<unknown> {
  const { data } = await apiClient().get<unknown>(apiPaths.permits, {
    params: permitListParams(request),
  });
  if (typeof data === 'object' && data !== null && 'error' in data) return data;
  return readAnswer(permitListBodySchema, data, 'GET /api/v1/permits/');
}

/**
 * POST /api/v1/permits/{id}/activate/. Its answer is read only when it fails (docs/contract.md
 * §7): any 2xx, a permit, another body or none, is the change made.
 */
export async function activatePermit(id: number): Promise<void> {
  await apiClient().post(apiPaths.permitAction(id, 'activate'));
}

/** POST /api/v1/permits/{id}/cancel/, read like activate's. */
export async function cancelPermit(id: number): Promise<void> {
  await apiClient().post(apiPaths.permitAction(id, 'cancel'));
}

/**
 * PATCH /api/v1/permits/{id}/full_update/. Of a 2xx answer only an error flag and its message
 * are read (docs/contract.md §7 and §8); a body without them, or none, is the change made.
 */
export async function updatePermit(
  id: number,
  payload: PermitUpdatePayload,
): Promise<PermitUpdateAnswer> {
  const { data } = await apiClient().patch<unknown>(
    apiPaths.permitAction(id, 'full_update'),
    payload,
  );
  const read = permitUpdateAnswerSchema.safeParse(data);
  return read.success ? read.data : {};
}

export async function getPermitCapInfo(): Promise<PermitCapInfo> {
  const { data } = await apiClient().get<unknown>(apiPaths.permitCapInfo);
  return readAnswer(permitCapInfoSchema, data, 'GET /api/v1/permits/permit_cap_info/');
}
