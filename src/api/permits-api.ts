import type { CreatePermitAnswer } from '../../machines/permits/add-permit-machine';
import type {
  PermitActionBody,
  PermitCapInfo,
  PermitCreatePayload,
  PermitListBody,
  PermitListRequest,
  PermitUpdatePayload,
} from '../../contract/permit';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { permitListParams } from './permit-list-params';

/** POST /api/v1/permits/ (docs/contract.md §7). Only 201 and 202 mean the permit was taken. */
export async function createPermit(payload: PermitCreatePayload): Promise<CreatePermitAnswer> {
  const { status } = await apiClient().post(apiPaths.permits, payload);
  return { status };
}

/** GET /api/v1/permits/ with the query permitListParams builds. */
export async function listPermits(request: PermitListRequest): Promise<PermitListBody> {
  const params = permitListParams(request);
  const { data } = await apiClient().get<PermitListBody>(apiPaths.permits, { params });
  return data;
}

export async function activatePermit(id: number): Promise<PermitActionBody> {
  const { data } = await apiClient().post<PermitActionBody>(apiPaths.permitAction(id, 'activate'));
  return data;
}

export async function cancelPermit(id: number): Promise<PermitActionBody> {
  const { data } = await apiClient().post<PermitActionBody>(apiPaths.permitAction(id, 'cancel'));
  return data;
}

export async function updatePermit(
  id: number,
  payload: PermitUpdatePayload,
): Promise<PermitActionBody> {
  const { data } = await apiClient().patch<PermitActionBody>(
    apiPaths.permitAction(id, 'full_update'),
    payload,
  );
  return data;
}

export async function getPermitCapInfo(): Promise<PermitCapInfo> {
  const { data } = await apiClient().get<PermitCapInfo>(apiPaths.permitCapInfo);
  return data;
}
