import { describeCoreJourney } from './core-journey';
import { describeVisitorJourney } from './visitor-journey';
import { describeWelshJourney } from './welsh-journey';
import { startFirefoxDriver } from './firefox-driver';

// The core journey in Firefox; see core-journey.ts.
describeCoreJourney(startFirefoxDriver);

// The visitor's journey in the same engine; see visitor-journey.ts.
describeVisitorJourney(startFirefoxDriver);

// Issue 40's Welsh journey in the same engine; see welsh-journey.ts.
describeWelshJourney(startFirefoxDriver);
