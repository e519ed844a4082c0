import { describeCoreJourney } from './core-journey';
import { startFirefoxDriver } from './firefox-driver';

// The core journey in Firefox; see core-journey.ts.
describeCoreJourney(startFirefoxDriver);
