import { describeEngineJourneys } from './engine-journeys';
import { startFirefoxDriver } from './firefox-driver';

// The core, visitor and Welsh journeys in Firefox; see engine-journeys.ts.
describeEngineJourneys(startFirefoxDriver);
