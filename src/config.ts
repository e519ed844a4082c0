/** The runtime configuration `public/config.js` puts on the page (one build serves every environment). */
export interface KerbsideConfig {
  apiBaseUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** Set only where the app talks to the Firebase Auth emulator (development and tests). */
  authEmulatorUrl: string | null;
  appName: string;
  supportEmail: string;
}

declare global {
  // `window.__KERBSIDE_CONFIG__` in the browser; read through `globalThis` so that the build can
  // render the public pages outside one (src/shell/prerender.tsx).
  var __KERBSIDE_CONFIG__: unknown;
}

class ConfigError extends Error {
  constructor(problem: string) {
    super(
      `Invalid runtime configuration (window.__KERBSIDE_CONFIG__, set by /config.js): ${problem}`,
    );
    this.name = 'ConfigError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function requireText(source: Record<string, unknown>, key: string, prefix = ''): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`${prefix}${key} must be a non-empty string`);
  }
  return value;
}

function parseConfig(raw: unknown): KerbsideConfig {
  if (!isRecord(raw)) {
    throw new ConfigError('it is missing; is /config.js loaded before the bundle?');
  }
  const firebase = raw.firebase;
  if (!isRecord(firebase)) throw new ConfigError('firebase must be an object');
  const authEmulatorUrl = raw.authEmulatorUrl ?? null;
  if (authEmulatorUrl !== null && typeof authEmulatorUrl !== 'string') {
    throw new ConfigError('authEmulatorUrl must be a string or null');
  }
  return {
    apiBaseUrl: requireText(raw, 'apiBaseUrl'),
    firebase: {
      apiKey: requireText(firebase, 'apiKey', 'firebase.'),
      authDomain: requireText(firebase, 'authDomain', 'firebase.'),
      projectId: requireText(firebase, 'projectId', 'firebase.'),
    },
    authEmulatorUrl: authEmulatorUrl === '' ? null : authEmulatorUrl,
    appName: requireText(raw, 'appName'),
    supportEmail: requireText(raw, 'supportEmail'),
  };
}

let config: KerbsideConfig | undefined;

/**
 * The validated runtime configuration, read from the page once, on first use: modules that need
 * it can be imported (in tests, for instance) without a configuration on the page.
 */
export function getConfig(): KerbsideConfig {
  config ??= parseConfig(globalThis.__KERBSIDE_CONFIG__);
  return config;
}
