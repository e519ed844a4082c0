import { describeCoreJourney, type CoreJourney } from './core-journey';
import type { EngineDriver } from './engine-driver';
import { describeVisitorJourney } from './visitor-journey';
import { describeWelshJourney } from './welsh-journey';

/**
 * The core, visitor and Welsh journeys of one engine, in one browser of that engine: each engine's
 * test file (chromium-journey.test.ts, firefox-journey.test.ts, webkit-journey.test.ts) calls this
 * with its driver. A browser of its own per journey cost seconds of CPU at each start (Firefox's
 * profile, WebKit's Xvfb and WebKitWebDriver). The journeys take turns in the order written: the
 * core journey ends signed out, the visitor's never signs in, and the Welsh one, which leaves the
 * browser Welsh, comes last.
 */
export function describeEngineJourneys(startDriver: () => Promise<EngineDriver>): CoreJourney {
  let driver: EngineDriver | undefined;
  const engineDriver = (): EngineDriver => {
    if (!driver) throw new Error('The engine’s browser has not started');
    return driver;
  };

  beforeAll(async () => {
    driver = await startDriver();
  }, 120_000);

  // Closing a browser waits on its processes: over Jest's 5 s on a loaded machine (Firefox).
  afterAll(async () => {
    await driver?.close();
  }, 60_000);

  const core = describeCoreJourney(engineDriver);
  describeVisitorJourney(engineDriver);
  describeWelshJourney(engineDriver, startDriver);
  return core;
}
