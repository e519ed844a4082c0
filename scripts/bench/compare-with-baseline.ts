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
  /** Failed requests in all rounds of all: any spoils the figures. */
  failures: number;
  /** Further bare routes measured in the same rounds, beside the headline's (context). */
  others: { baseline: EndpointFigures; roundRatios: number[] }[];
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
 * splits the connections), the baseline's case may be another route of baseline-app.ts, and
 * `otherBaselineCases` are further routes of it measured in the same rounds.
 */
export async function compareWithBaseline(
  api: { url: string | string[]; idToken: string; endpointCase: EndpointCase },
  baselineUrl: string | string[],
  load: LoadShape,
  rounds: number,
  baselineEndpointCase: EndpointCase = baselineCase,
  otherBaselineCases: EndpointCase[] = [],
): Promise<BaselineComparison> {
  const measured: EndpointFigures[] = [];
  const baselineCases = [baselineEndpointCase, ...otherBaselineCases];
  const baselines: EndpointFigures[][] = baselineCases.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, endpointCase] of baselineCases.entries()) {
      baselines[index]?.push(await measureEndpoint(baselineUrl, '', endpointCase, load));
    }
    measured.push(await measureEndpoint(api.url, api.idToken, api.endpointCase, load));
  }
  const compare = (figures: EndpointFigures[]) => ({
    baseline: median(figures),
    roundRatios: measured.map(
      (each, round) => each.requestsPerSecond / (figures[round]?.requestsPerSecond ?? NaN),
    ),
  });
  const [headline = [], ...others] = baselines;
  return {
    measured: median(measured),
    ...compare(headline),
    rounds,
    failures: [...measured, ...baselines.flat()].reduce(
      (sum, figures) => sum + figures.failures,
      0,
    ),
    others: others.map(compare),
  };
}
