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
  /** A fresh path for every request (e.g. each cancel names another permit); `path` otherwise. */
  nextPath?: () => string;
}

export interface LoadShape {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface EndpointFigures {
  name: string;
  p50Ms: number;
  /** From every response's own latency (autocannon's histogram has no 95th percentile). */
  p95Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  requests: number;
  /** Non-2xx answers, connection errors and timeouts: any of them spoils the figures. */
  failures: number;
}

interface Run {
  result: autocannon.Result;
  /** Each response's latency in milliseconds. */
  latencies: number[];
}

function run(
  baseUrl: string,
  idToken: string,
  endpointCase: EndpointCase,
  seconds: number,
  connections: number,
): Promise<Run> {
  const { nextBody, nextHeaders, nextPath } = endpointCase;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
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
              ...(nextPath ? { path: nextPath() } : {}),
              ...(nextBody ? { body: JSON.stringify(nextBody()) } : {}),
              ...(nextHeaders ? { headers: { ...request.headers, ...nextHeaders() } } : {}),
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error as Error) : resolve({ result, latencies })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/**
 * A bounded autocannon run (fixed connections and duration) after a short discarded warm-up.
 * Given several hosts, the connections are split evenly between them and all run at once; the
 * figures are those of all their requests together.
 */
export async function measureEndpoint(
  baseUrl: string | string[],
  idToken: string,
  endpointCase: EndpointCase,
  load: LoadShape,
): Promise<EndpointFigures> {
  const urls = [baseUrl].flat();
  const each = (seconds: number) =>
    Promise.all(
      urls.map((url, index) =>
        run(
          url,
          idToken,
          endpointCase,
          seconds,
          Math.floor(load.connections / urls.length) +
            (index < load.connections % urls.length ? 1 : 0),
        ),
      ),
    );
  if (load.warmupSeconds > 0) await each(load.warmupSeconds);
  const runs = await each(load.durationSeconds);
  const latencies = runs.flatMap(({ latencies: own }) => own).sort((a, b) => a - b);
  const sum = (figure: (result: autocannon.Result) => number) =>
    runs.reduce((total, { result }) => total + figure(result), 0);
  const requests = sum((result) => result.requests.total);
  return {
    name: endpointCase.name,
    p50Ms: urls.length === 1 ? (runs[0] as Run).result.latency.p50 : percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: urls.length === 1 ? (runs[0] as Run).result.latency.p99 : percentile(latencies, 0.99),
    requestsPerSecond: sum((result) => result.requests.average),
    requests,
    failures: sum((result) => result.non2xx + result.errors + result.timeouts),
  };
}
