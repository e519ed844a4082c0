import type { RuntimeConfig } from './web-app-server';

/**
 * The Firebase Auth endpoints the identity adapter (src/identity/) calls when no emulator is
 * configured: sign-in with a custom token and account look-up, and the token refresh.
 */
const firebaseAuthOrigins = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

/**
 * Where the page may connect when nothing is known of the deployment: its own origin, any HTTPS
 * host (a council's own API host and Firebase, which one build cannot know: public/config.js is
 * edited where the bundle is deployed), and the loopback hosts of the demo stack and the Auth
 * emulator. Our servers send the exact origins of their runtime configuration instead, and the
 * browser enforces both policies, so there the page connects only where config.js points.
 */
const anyDeploymentConnectSources = [
  "'self'",
  'https:',
  'http://localhost:*',
  'http://127.0.0.1:*',
];

function directives(connectSources: readonly string[]): string[] {
  return [
    "default-src 'self'",
    // The app's scripts are files of this origin: no inline script, no eval.
    "script-src 'self'",
    // Chakra's styles are inserted by Emotion at run time and come inline in the pages rendered in
    // advance: a static page cannot carry a per-response nonce for them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connectSources.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
}

/**
 * The policy of every page, as public/index.html carries it in its
 * `<meta http-equiv="Content-Security-Policy">` (and so every page the build renders from it):
 * what a static host serves when it sends no headers of its own. `frame-ancestors` has no effect
 * in a meta tag, so it is left to the header.
 */
export const pageContentSecurityPolicy = directives(anyDeploymentConnectSources).join('; ');

function originOf(url: string | null): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The headers our web servers (scripts/stack/static-web-server.ts, scripts/stack/web-app-server.ts)
 * send with every answer: the page's policy with the exact origins of `runtimeConfig` to connect
 * to ('self' also covers the development server's live-reload WebSocket), framing refused
 * (`frame-ancestors 'none'` and, for older browsers, `X-Frame-Options`), and no MIME sniffing.
 */
export function webSecurityHeaders(runtimeConfig: RuntimeConfig): Record<string, string> {
  const connectSources = [
    "'self'",
    ...originOf(runtimeConfig.apiBaseUrl),
    ...(runtimeConfig.authEmulatorUrl
      ? originOf(runtimeConfig.authEmulatorUrl)
      : firebaseAuthOrigins),
  ];
  return {
    'Content-Security-Policy': [...directives(connectSources), "frame-ancestors 'none'"].join('; '),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
  };
}
