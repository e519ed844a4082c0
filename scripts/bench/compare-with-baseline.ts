import { baselinePath } from './baseline-app';
import {
  measureEndpoint,
  type EndpointCase,
  type EndpointFigures,
  type LoadShape,
} from './measure-endpoint';

export interface BaselineComparison {
  /** The median round of each (by requests per second). */
  measured: EndpointFigures;
  baseline: EndpointFigures;
  rounds: number;
  /** measured ÷ baseline requests per second, per round. */
  roundRatios: number[];
  /** Failed requests in all rounds of both: any spoils the figures. */
  failures: number;
}

const baselineCase: EndpointCase = {
  name: 'baseline: bare Fastify, one indexed read',
  method: 'GET',
  path: baselinePath,
};

function median(figures: EndpointFigures[]): EndpointFigures {
  const sorted = [...figures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)] as EndpointFigures;
}

/**
 * One endpoint of the API host against the baseline route (baseline-app.ts), in alternating
 * rounds, so that whatever else the machine is doing weighs on both alike; both hosts run
 * throughout and only one is under load at a time. Either may be several hosts (measure-endpoint.ts
 * splits the connections), and the baseline's case may be another route of baseline-app.ts.
 */
export async function compareWithBaseline(
  api: { url: string | string[]; idToken: string; endpointCase: EndpointCase },
  baselineUrl: string | string[],
  load: LoadShape,
  rounds: number,
  baselineEndpointCase: EndpointCase = baselineCase,
): Promise<BaselineComparison> {
  const measured: EndpointFigures[] = [];
  const baseline: EndpointFigures[] = [];
  for (let round = 0; round < rounds; round += 1) {
    baseline.push(await measureEndpoint(baselineUrl, '', baselineEndpointCase, load));
    measured.push(await measureEndpoint(api.url, api.idToken, api.endpointCase, load));
  }
  return {
    measured: median(measured),
    baseline: median(baseline),
    rounds,
    failures: [...measured, ...baseline].reduce((sum, figures) => sum + figures.failures, 0),
    roundRatios: measured.map(
      (figures, round) => figures.requestsPerSecond / (baseline[round]?.requestsPerSecond ?? NaN),
    ),
  };
}
