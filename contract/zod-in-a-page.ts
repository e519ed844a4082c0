import { config } from 'zod';

/**
 * Imported by each module of contract/ before zod: its schemas are made after this has run. zod
 * compiles a faster parser for each object schema with `new Function`, after first trying whether
 * it may; the web app's pages forbid eval (scripts/stack/content-security-policy.ts), so in a
 * page the try was refused at every signed-in load, a report wherever a council collects them
 * (test/browser/content-security-policy.test.ts). In a page, then, zod is told not to try
 * (refused, it parsed without compiling already); the API host, in Node, keeps its compiled
 * parsers.
 */
if (typeof document !== 'undefined') config({ jitless: true });
