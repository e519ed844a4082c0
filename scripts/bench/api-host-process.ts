// The API host under test, in a process of its own so that the load generator does not share its
// event loop. Started by start-api-process.ts.
import { startApi, type StartApiOptions } from '../../server/start-api';
import { serveUntilStopped } from './serve-until-stopped';

serveUntilStopped<StartApiOptions>(startApi);
