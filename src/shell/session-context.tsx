import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session-machine';

/** The one app-wide session actor (docs/contract.md §4, "Session status"). */
export const SessionContext = createActorContext(sessionMachine);
