import path from 'node:path';
import { startAuthEmulator } from './auth-emulator';
import { startStaticWebServer } from './static-web-server';
import { startWebAppServer, type RuntimeConfig } from './web-app-server';
import { startApi } from '../../server/start-api';
import { findFreePort } from './free-port';

export interface LocalStackOptions {
  webPort: number;
  apiPort: number;
  emulatorPort: number;
  /** An Auth emulator already running (host:port), used instead of starting one: `emulatorPort`
   * is then not used, and `stop` leaves that emulator running. */
  runningEmulatorHost?: string;
  dataDir: string;
  databaseUrl?: string;
  webMode: 'development' | 'production';
  /** A production build already made (scripts/stack/production-build.ts): served as a static
   * host serves it, instead of compiling the bundle again. */
  builtSite?: string;
  projectId?: string;
  supportEmail?: string;
  /**
   * Seed the demo invite code (`inviteCode`, else KERBSIDE-DEMO) and resident (idempotent) and
   * report them.
   */
  seedDemo?: { inviteCode?: string };
  /** Accounts one client address may create in an hour; default the API host's own. */
  registrationsPerAddressPerHour?: number;
}

export interface LocalStack {
  webUrl: string;
  apiUrl: string;
  emulatorHost: string;
  demo?: { inviteCode: string; email: string; password: string; created: boolean };
  stop(): Promise<void>;
}

/**
 * Starts the whole product on this machine: the Auth emulator, the reference API host and the
 * web app, wired to each other. `npm start` and the browser tests both use it, so what a newcomer
 * runs is what the tests drive. A port of 0 picks a free one.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const projectId = options.projectId ?? 'demo-kerbside';
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error));
  };
  try {
    let emulatorHost = options.runningEmulatorHost;
    if (!emulatorHost) {
      const emulator = await startAuthEmulator({ port: options.emulatorPort, projectId });
      stops.push(emulator.stop);
      emulatorHost = emulator.host;
    }

    // The API's CORS origin names the web app's port, so that port must be known first.
    const webPort = options.webPort || (await findFreePort());
    const webOrigin = `http://localhost:${webPort}`;
    // The API host gets a port of its own chosen here too: left to pick one as it listens, it
    // could be handed the web app's, just probed and not yet taken (EADDRINUSE in a CI run).
    let apiPort = options.apiPort || (await findFreePort());
    while (apiPort === webPort) apiPort = await findFreePort();
    const api = await startApi({
      port: apiPort,
      dataDir: path.resolve(options.dataDir),
      databaseUrl: options.databaseUrl,
      webOrigin,
      authEmulatorHost: emulatorHost,
      projectId,
      seedDemo: options.seedDemo,
      registrationsPerAddressPerHour: options.registrationsPerAddressPerHour,
    });
    stops.push(api.close);
    const apiUrl = api.url.replace('127.0.0.1', 'localhost');

    const runtimeConfig: RuntimeConfig = {
      apiBaseUrl: apiUrl,
      firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId },
      authEmulatorUrl: `http://${emulatorHost}`,
      appName: 'Kerbside',
      supportEmail: options.supportEmail ?? 'support@kerbside.test',
    };
    const web = options.builtSite
      ? await startStaticWebServer({ root: options.builtSite, port: webPort, runtimeConfig })
      : await startWebAppServer({ port: webPort, mode: options.webMode, runtimeConfig });
    stops.push(web.stop);

    return {
      webUrl: web.url.replace('127.0.0.1', 'localhost'),
      apiUrl,
      emulatorHost,
      demo: api.demo,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
