import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { RegistrationDetails, TokenResponse } from '../../machines/auth/auth-types';
import { registerMachine } from '../../machines/auth/register-machine';
import { RegisterScreen } from '../../src/features/auth/register-screen';
import { createActorControls } from '../machines/actor-controls';
import {
  createMachineTestModel,
  describePath,
  runModelPath,
  unreachedStateIds,
  type ModelDriver,
} from '../machines/model-harness';
import { exactly, renderWithProviders } from '../support/render';

const eventSamples: AnyEventObject[] = [
  {
    type: 'SUBMIT',
    values: {
      invite_code: 'KERBSIDE-DEMO',
      email: 'jane@example.test',
      first_name: 'Jane',
      last_name: 'Doe',
      password: 'Secret123',
    },
  },
  { type: 'xstate.done.actor.requestRegistration', output: { custom_token: 'custom-token-1' } },
  {
    type: 'xstate.done.actor.requestRegistration',
    output: { warning: 'Sign-in is unavailable right now.' },
  },
  { type: 'xstate.done.actor.requestRegistration', output: {} },
  {
    type: 'xstate.error.actor.requestRegistration',
    error: { status: 400, body: { error: 'Invalid invite code.' } },
  },
  {
    type: 'xstate.error.actor.requestRegistration',
    error: { status: 400, body: { email: ['A user with that email already exists.'] } },
  },
  { type: 'xstate.error.actor.requestRegistration', error: { status: 429, body: '<html></html>' } },
  { type: 'xstate.error.actor.requestRegistration', error: { status: 502, body: '<html></html>' } },
  { type: 'xstate.error.actor.requestRegistration', error: {} },
  { type: 'xstate.done.actor.signInWithToken', output: true },
  { type: 'xstate.done.actor.signInWithToken', output: false },
  { type: 'xstate.error.actor.signInWithToken', error: { code: 'auth/network-request-failed' } },
];

const paths = createMachineTestModel(registerMachine, { eventSamples }).getShortestPaths();

const fields: ReadonlyArray<[keyof RegistrationDetails, string]> = [
  ['invite_code', 'Invite code'],
  ['email', 'Email'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
];

/**
 * Plays a path on the rendered register screen: SUBMIT is filling in the form and pressing
 * "Create account", settling an actor is the fake API or identity provider answering, a delay is
 * the clock moving on, and each state is checked by what the user sees.
 */
function screenDriver(machine: typeof registerMachine): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: {
      requestRegistration: controls.promise<TokenResponse, RegistrationDetails>(
        'requestRegistration',
      ),
      signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
    },
  });
  let user: UserEvent;
  return {
    start() {
      ({ user } = renderWithProviders(
        <Routes>
          <Route path="/register" element={<RegisterScreen machine={provided} />} />
          <Route path="/login" element={<h1>Login page</h1>} />
        </Routes>,
        { route: '/register' },
      ));
    },
    async send(event) {
      const { values } = event as { type: 'SUBMIT'; values: RegistrationDetails };
      for (const [name, label] of fields) {
        await user.clear(screen.getByRole('textbox', { name: label }));
        await user.type(screen.getByRole('textbox', { name: label }), values[name]);
      }
      await user.clear(screen.getByLabelText(/^Password/));
      await user.type(screen.getByLabelText(/^Password/), values.password);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
    },
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    elapse(delay) {
      const ms: unknown = registerMachine.implementations.delays[delay];
      if (typeof ms !== 'number') throw new Error(`Delay "${delay}" is not a fixed number`);
      act(() => jest.advanceTimersByTime(ms));
    },
    async expectState(state) {
      if (state.matches({ error: 'redirected' })) {
        expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
        return;
      }
      expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
      if (state.matches('submitting')) {
        expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      } else if (state.matches('success')) {
        expect(await screen.findByRole('button', { name: 'Success!' })).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(
          exactly('Registration successful! Redirecting to dashboard...'),
        );
      } else if (state.matches('error')) {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          exactly(state.context.errorMessage),
        );
      } else {
        expect(await screen.findByRole('button', { name: 'Create account' })).toBeEnabled();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(screen.queryByRole('status')).not.toBeInTheDocument();
      }
    },
  };
}

describe('the register screen follows the register machine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('has paths reaching every state', () => {
    expect(unreachedStateIds(registerMachine, paths)).toEqual([]);
  });

  it.each(paths.map((path, index) => [index + 1, describePath(path), path] as const))(
    'path %i, to %s',
    async (_, __, path) => {
      await runModelPath(path, screenDriver(registerMachine));
    },
  );

  // The redirect never coming in time: these paths must then fail.
  const throughRedirect = paths.filter((path) => path.state.matches({ error: 'redirected' }));

  it('has paths through the redirect to /login', () => {
    expect(throughRedirect.length).toBeGreaterThan(0);
  });

  it.each(throughRedirect.map((path) => [describePath(path), path] as const))(
    'catches a screen that stays put after a failed sign-in, on the path to %s',
    async (_, path) => {
      const broken = registerMachine.provide({ delays: { loginRedirect: 60_000 } });
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow(/"Login page"/);
    },
  );
});
