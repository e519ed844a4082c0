import type { PermitListRequest } from '../../contract/permit';

/**
 * The query string of GET /api/v1/permits/ as the web app sends it: `status` repeated once per
 * value, empty filters left out, the page always. axios writes URLSearchParams params with their
 * own toString(), so `${apiPaths.permits}?${permitListParams(request)}` is the app's request byte
 * for byte; the council bench (scripts/bench/app-requests.ts) sends exactly that.
 */
export function permitListParams(request: PermitListRequest): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of request.status) params.append('status', status);
  if (request.start_date) params.set('start_date', request.start_date);
  if (request.end_date) params.set('end_date', request.end_date);
  if (request.search) params.set('search', request.search);
  params.set('page', String(request.page));
  return params;
}
