/**
 * A request key as the page makes it (machines/request-key.ts): a random UUID, version 4, which
 * the visitor's booking and a new visitor pass send with every try.
 */
export const requestKeyPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
