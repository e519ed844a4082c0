/**
 * The browser's reports that it went offline or came back online, as the app sends them to the
 * statecharts that act on them (src/shared/use-connection-events.ts). A machine that has no use
 * for one of them ignores it.
 */
export type ConnectionEvent = { type: 'CONNECTION.LOST' } | { type: 'CONNECTION.BACK' };
