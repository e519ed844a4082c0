import type { CreatePermitAnswer } from '../../machines/permits/add-permit/add-permit-machine';
import {
  permitActionBodySchema,
  permitCapInfoSchema,
  permitListBodySchema,
  type PermitActionBody,
  type PermitCapInfo,
  type PermitCreatePayload,
  type PermitListRequest,
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

export async function activatePermit(id: number): Promise<PermitActionBody> {
  const { data } = await apiClient().post<unknown>(apiPaths.permitAction(id, 'activate'));
  return readAnswer(permitActionBodySchema, data, 'POST /api/v1/permits/{id}/activate/');
}

export async function cancelPermit(id: number): Promise<PermitActionBody> {
  const { data } = await apiClient().post<unknown>(apiPaths.permitAction(id, 'cancel'));
  return readAnswer(permitActionBodySchema, data, 'POST /api/v1/permits/{id}/cancel/');
}

export async function updatePermit(
  id: number,
  payload: PermitUpdatePayload,
): Promise<PermitActionBody> {
  const { data } = await apiClient().patch<unknown>(
    apiPaths.permitAction(id, 'full_update'),
    payload,
  );
  return readAnswer(permitActionBodySchema, data, 'PATCH /api/v1/permits/{id}/full_update/');
}

export async function getPermitCapInfo(): Promise<PermitCapInfo> {
  const { data } = await apiClient().get<unknown>(apiPaths.permitCapInfo);
  return readAnswer(permitCapInfoSchema, data, 'GET /api/v1/permits/permit_cap_info/');
}
