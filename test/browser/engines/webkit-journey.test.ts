import { describeCoreJourney } from './core-journey';
import { startWebKitDriver } from './webkit-driver';

// The core journey in WebKit, Safari's engine; see core-journey.ts.
describeCoreJourney(startWebKitDriver);
