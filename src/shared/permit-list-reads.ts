import type { PermitListRequest } from '../../contract/permit';
import { readPermitListBody } from '../../machines/permits/rules/read-permit-list-body';
import { permitsApi } from '../api/api-modules';

/**
 * The page of the resident's permits `request` names; a body carrying an error is a failure.
 * Several features read the list for a figure or a few rows (the queue's count, recent vehicles,
 * hidden permits, the permit in the way of a new one).
 */
export async function listedPage(request: PermitListRequest) {
  const answer = readPermitListBody(await (await permitsApi()).listPermits(request), request.page);
  if (answer.kind !== 'listed') throw new Error('The permit list answered with an error');
  return answer;
}

/** The first page of the resident's permits that match `status` (all when empty). */
export async function firstListPage(status: PermitListRequest['status']) {
  return listedPage({ status, start_date: '', end_date: '', search: '', page: 1 });
}
