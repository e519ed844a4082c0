import { call, registration } from '../../test/server/support/test-api';
import type { CleanupStack } from './cleanup-stack';
import { measureEndpoint, type EndpointFigures, type LoadShape } from './measure-endpoint';
import { startApiProcess } from './start-api-process';

const inviteCode = 'BENCH-SIGN-IN';

/**
 * Sign-in under load: the real API host (PGlite, reconciler off) and one registered resident who
 * signs in with the right password again and again, so every request verifies one Argon2id hash
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
  });
  const unregister = cleanups.push(() => api.stop());
  try {
    const details = registration(inviteCode);
    const registered = await call(`${api.url}/api/v1/auth/register/`, 'POST', { body: details });
    if (registered.status !== 201) {
      throw new Error(`Registration failed: ${JSON.stringify(registered.body)}`);
    }
    const credentials = { email: details.email, password: details.password };
    return await measureEndpoint(
      api.url,
      '',
      {
        name: 'sign-in (right password)',
        method: 'POST',
        path: '/api/v1/auth/login/',
        nextBody: () => credentials,
      },
      load,
    );
  } finally {
    unregister();
    await api.stop();
  }
}
