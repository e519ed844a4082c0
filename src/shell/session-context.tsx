import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session-machine';

/** The one app-wide session actor (spec section 4, "Session status"). */
export const SessionContext = createActorContext(sessionMachine);
