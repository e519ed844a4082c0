/** Where "now" comes from; a test fixes it by providing another clock. */
export type Clock = () => Date;

/** The device's own clock. */
export const systemClock: Clock = () => new Date();
