import type { CreatePermitAnswer } from '../../machines/permits/add-permit-machine';
import type { PermitCreatePayload } from '../../machines/permits/permit-types';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

/** POST /api/v1/permits/ (spec section 7). Only 201 and 202 mean the permit was taken. */
export async function createPermit(payload: PermitCreatePayload): Promise<CreatePermitAnswer> {
  const { status } = await apiClient().post(apiPaths.permits, payload);
  return { status };
}
