import { call, registration } from '../stack/test-api';
import type { CleanupStack } from './cleanup-stack';
import { measureEndpoint, type EndpointFigures, type LoadShape } from './measure-endpoint';
import { startApiProcess } from './start-api-process';

const inviteCode = 'BENCH-SIGN-IN';

/**
 * Sign-in under load: the real API host (PGlite, reconciler off) and one registered resident who
 * signs in with the right password again and again, each time from another client address, so every request verifies one Argon2id hash
 * and mints one custom token. On a machine of two cores, the requests per second are what those
 * two cores sustain (the load generator shares them).
 */
export async function benchmarkSignIn(
  dataDir: string,
  authEmulatorHost: string,
  cleanups: CleanupStack,
  load: LoadShape,
): Promise<EndpointFigures> {
  const api = await startApiProcess({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    webOrigin: 'http://localhost:8080',
    authEmulatorHost,
    reconciler: false,
    seedDemo: { inviteCode },
    // Sign-ins come from many residents' addresses, through the council's proxy: one client
    // address would meet the per-address throttle (server/auth/attempt-throttle.ts) after five.
    trustProxy: ['127.0.0.1'],
  });
  const unregister = cleanups.push(() => api.stop());
  try {
    const details = registration(inviteCode);
    const registered = await call(`${api.url}/api/v1/auth/register/`, 'POST', { body: details });
    if (registered.status !== 201) {
      throw new Error(`Registration failed: ${JSON.stringify(registered.body)}`);
    }
    const credentials = { email: details.email, password: details.password };
    let clients = 0;
    return await measureEndpoint(
      api.url,
      '',
      {
        name: 'sign-in (right password)',
        method: 'POST',
        path: '/api/v1/auth/login/',
        nextBody: () => credentials,
        nextHeaders: () => {
          clients += 1;
          return {
            'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
          };
        },
      },
      load,
    );
  } finally {
    unregister();
    await api.stop();
  }
}
