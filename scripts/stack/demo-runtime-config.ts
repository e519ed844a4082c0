import type { RuntimeConfig } from './web-app-server';

/**
 * The runtime configuration of a build served on this machine for measuring or testing: the
 * demo-kerbside project, with `apiBaseUrl` and the Auth emulator as given (none: a port that
 * answers nothing, for pages that never reach them).
 */
export function demoRuntimeConfig(
  apiBaseUrl = 'http://127.0.0.1:9/api',
  authEmulatorUrl: string | null = null,
): RuntimeConfig {
  return {
    apiBaseUrl,
    firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-kerbside' },
    authEmulatorUrl,
    appName: 'Kerbside',
    supportEmail: 'support@kerbside.test',
  };
}
