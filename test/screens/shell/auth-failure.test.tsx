import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fromCallback, fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session-machine';
import { createApiClient } from '../../../src/api/api-client';
import { ApiError } from '../../../src/api/api-error';
import { AppProviders } from '../../../src/shell/app-providers';
import { AppRoutes } from '../../../src/shell/routes';
import { startApiHostStandIn, type ApiHostStandIn } from '../../support/api-host-stand-in';
import { residentProfile } from '../../support/render';

let apiHost: ApiHostStandIn;

beforeAll(async () => {
  // An API host whose every answer is 401: the session has lapsed.
  apiHost = await startApiHostStandIn(() => ({ status: 401, body: { detail: 'Token expired.' } }));
});

afterAll(() => apiHost.close());

function renderSignedInApp(refreshToken: () => Promise<void>) {
  const sessionLogic = sessionMachine.provide({
    actors: {
      identityListener: fromCallback(({ sendBack }) => {
        sendBack({
          type: 'IDENTITY.CHANGED',
          user: { uid: 'resident-1', email: residentProfile.email, emailVerified: true },
        });
      }),
      fetchProfile: fromPromise(async () => residentProfile),
      refreshToken: fromPromise(refreshToken),
      logout: fromPromise(async () => {}),
    },
  });
  render(
    <AppProviders machines={{ session: sessionLogic }}>
      <MemoryRouter initialEntries={['/my-permits']}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

async function requestRejection(): Promise<ApiError> {
  const client = createApiClient({ baseURL: apiHost.url, getIdToken: async () => 'expired-token' });
  const outcome = await client.get('/api/v1/permits/').then(
    () => new Error('the request was expected to fail'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

test('a 401 whose token refresh fails logs the user out to /login; the request rejects', async () => {
  renderSignedInApp(() => Promise.reject(new Error('refresh token revoked')));
  await screen.findByRole('heading', { name: 'My Permits' });

  const failure = await act(() => requestRejection());

  expect(failure.status).toBe(401);
  expect(await screen.findByRole('heading', { name: 'Sign in to Kerbside' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
});

test('a 401 waits for the token refresh; when it works the user stays where they are', async () => {
  let finishRefresh = () => {};
  const refreshToken = jest.fn(
    () =>
      new Promise<void>((resolve) => {
        finishRefresh = resolve;
      }),
  );
  renderSignedInApp(refreshToken);
  // The signed-in shell, not the frame shown while the session is checked (its heading comes first).
  await screen.findByRole('navigation', { name: 'Main' });

  let settled = false;
  const rejection = requestRejection().finally(() => {
    settled = true;
  });
  await waitFor(() => expect(refreshToken).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(settled).toBe(false);
  await act(async () => finishRefresh());

  expect((await rejection).status).toBe(401);
  expect(screen.getByRole('heading', { name: 'My Permits' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
});
