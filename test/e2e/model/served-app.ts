import { findFreePort } from '../../../scripts/stack/free-port';
import { startWebAppServer } from '../../../scripts/stack/web-app-server';

export interface ServedApp {
  /** The app's origin; the API host and the identity provider are routed on it too. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * The web app's bundle (production unless told), served as the browser tests serve it, configured so that its API calls
 * and the identity provider's (emulator-style URLs) go to its own origin, where each page routes
 * them (`RoutedBackend`): no API host, no emulator, and no cross-origin requests to answer.
 */
export async function startServedApp(
  mode: 'development' | 'production' = 'production',
): Promise<ServedApp> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const web = await startWebAppServer({
    port,
    mode,
    runtimeConfig: {
      apiBaseUrl: origin,
      firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-kerbside' },
      authEmulatorUrl: origin,
      appName: 'Kerbside',
      supportEmail: 'support@kerbside.test',
    },
  });
  return { origin, stop: web.stop };
}
