import { findFreePort } from '../../../scripts/stack/free-port';
import { startStaticWebServer } from '../../../scripts/stack/static-web-server';
import { startWebAppServer, type RuntimeConfig } from '../../../scripts/stack/web-app-server';
import { productionBuild } from '../../support/production-build';

export interface ServedApp {
  /** The app's origin; the API host and the identity provider are routed on it too. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * The web app's bundle (this run's production build unless told to compile the development one),
 * served as the browser tests serve it, configured so that its API calls
 * and the identity provider's (emulator-style URLs) go to its own origin, where each page routes
 * them (`RoutedBackend`): no API host, no emulator, and no cross-origin requests to answer.
 */
export async function startServedApp(
  mode: 'development' | 'production' = 'production',
): Promise<ServedApp> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const runtimeConfig: RuntimeConfig = {
    apiBaseUrl: origin,
    firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-kerbside' },
    authEmulatorUrl: origin,
    appName: 'Kerbside',
    supportEmail: 'support@kerbside.test',
  };
  const web =
    mode === 'production'
      ? await startStaticWebServer({ root: productionBuild().site, port, runtimeConfig })
      : await startWebAppServer({ port, mode, runtimeConfig });
  return { origin, stop: web.stop };
}
