import { useEffect } from 'react';
import type { ConnectionEvent } from '../../machines/connection-events';

/**
 * Sends `actor` the browser's reports that it went offline (`CONNECTION.LOST`) or came back
 * online (`CONNECTION.BACK`), for as long as the component that asks is mounted.
 */
export function useConnectionEvents(actor: { send(event: ConnectionEvent): void }): void {
  useEffect(() => {
    const connectionLost = () => actor.send({ type: 'CONNECTION.LOST' });
    const connectionBack = () => actor.send({ type: 'CONNECTION.BACK' });
    window.addEventListener('offline', connectionLost);
    window.addEventListener('online', connectionBack);
    return () => {
      window.removeEventListener('offline', connectionLost);
      window.removeEventListener('online', connectionBack);
    };
  }, [actor]);
}
