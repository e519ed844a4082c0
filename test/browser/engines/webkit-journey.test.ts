import { describeEngineJourneys } from './engine-journeys';
import { startWebKitDriver } from './webkit-driver';

// The core, visitor and Welsh journeys in WebKit, Safari's engine; see engine-journeys.ts.
describeEngineJourneys(startWebKitDriver);
