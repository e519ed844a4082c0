import autocannon from 'autocannon';

export interface EndpointCase {
  name: string;
  method: 'GET' | 'POST';
  /** Path and query, e.g. /api/v1/permits/?page=2 */
  path: string;
  /** A fresh JSON body for every request (POST cases). */
  nextBody?: () => unknown;
  /** Headers of every request, on top of the authorization and content type. */
  nextHeaders?: () => Record<string, string>;
}

export interface LoadShape {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface EndpointFigures {
  name: string;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  requests: number;
  /** Non-2xx answers, connection errors and timeouts: any of them spoils the figures. */
  failures: number;
}

function run(
  baseUrl: string,
  idToken: string,
  endpointCase: EndpointCase,
  seconds: number,
  connections: number,
) {
  const { nextBody, nextHeaders } = endpointCase;
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    requests: [
      {
        method: endpointCase.method,
        path: endpointCase.path,
        setupRequest: (request) => ({
          ...request,
          ...(nextBody ? { body: JSON.stringify(nextBody()) } : {}),
          ...(nextHeaders ? { headers: { ...request.headers, ...nextHeaders() } } : {}),
        }),
      },
    ],
  });
}

/** A bounded autocannon run (fixed connections and duration) after a short discarded warm-up. */
export async function measureEndpoint(
  baseUrl: string,
  idToken: string,
  endpointCase: EndpointCase,
  load: LoadShape,
): Promise<EndpointFigures> {
  if (load.warmupSeconds > 0)
    await run(baseUrl, idToken, endpointCase, load.warmupSeconds, load.connections);
  const result = await run(baseUrl, idToken, endpointCase, load.durationSeconds, load.connections);
  return {
    name: endpointCase.name,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
