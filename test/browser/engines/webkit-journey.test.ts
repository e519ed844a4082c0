import { describeCoreJourney } from './core-journey';
import { describeVisitorJourney } from './visitor-journey';
import { describeWelshJourney } from './welsh-journey';
import { startWebKitDriver } from './webkit-driver';

// The core journey in WebKit, Safari's engine; see core-journey.ts.
describeCoreJourney(startWebKitDriver);

// The visitor's journey in the same engine; see visitor-journey.ts.
describeVisitorJourney(startWebKitDriver);

// Issue 40's Welsh journey in the same engine; see welsh-journey.ts.
describeWelshJourney(startWebKitDriver);
