import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import type { LoginCredentials } from '../../../../../contract/auth';
import { loginMachine } from '../../../../../machines/auth/login/login-machine';
import { inEnglish } from '../../../../support/in-english';
import { LoginScreen } from '../../../../../src/features/auth/login/login-screen';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import { withControlledLoginActors } from '../../../../../machines/auth/login/login-flow-samples';
import {
  describePath,
  runModelPath,
  type ModelDriver,
} from '../../../../../machines/flow-models/model-paths';
import { testEveryModelPath } from '../../../../machines/model-path-tests';
import { exactly, renderWithProviders } from '../../../../support/render';
import { screenPathsOf } from '../../../screen-model-paths';

const paths = screenPathsOf('login');

const signInButton = (name: string) => screen.findByRole('button', { name });

/**
 * Plays a path on the rendered login screen: SUBMIT is typing the credentials and pressing
 * "Sign in", settling an actor is the fake API or identity provider answering, and each state is
 * checked by what the user sees.
 */
function screenDriver(machine: typeof loginMachine): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const provided = withControlledLoginActors(machine, controls);
  let user: UserEvent;
  return {
    start() {
      ({ user } = renderWithProviders(<LoginScreen />, {
        machines: { login: provided },
        route: '/login',
      }));
    },
    async send(event) {
      const { email, password } = (event as { type: 'SUBMIT'; values: LoginCredentials }).values;
      await user.clear(screen.getByRole('textbox', { name: 'Email' }));
      await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
      await user.clear(screen.getByLabelText(/^Password/));
      await user.type(screen.getByLabelText(/^Password/), password);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
    },
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    elapse(delay) {
      const ms: unknown = loginMachine.implementations.delays[delay];
      if (typeof ms !== 'number') throw new Error(`Delay "${delay}" is not a fixed number`);
      act(() => jest.advanceTimersByTime(ms));
    },
    async expectState(state) {
      if (state.matches('submitting')) {
        expect(await signInButton('Signing in...')).toBeDisabled();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      } else if (state.matches('success') || state.matches('signedIn')) {
        expect(await signInButton('Success!')).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(
          exactly('Login successful! Redirecting to dashboard...'),
        );
        // The server's answer takes focus from the busy button, never leaving it on the body.
        expect(screen.getByRole('status')).toHaveFocus();
      } else if (state.matches('error')) {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          // A descriptor when the server's warning sits in the spec's words.
          exactly(inEnglish(state.context.errorMessage)),
        );
        expect(screen.getByRole('alert')).toHaveFocus();
        expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      } else {
        expect(await signInButton('Sign in')).toBeEnabled();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(screen.queryByRole('status')).not.toBeInTheDocument();
      }
    },
  };
}

describe('the login screen follows the login machine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  testEveryModelPath(loginMachine, paths, () => screenDriver(loginMachine));

  // A login step answering false taken for acceptance: these paths must then fail.
  const throughRejectedToken = paths.filter((path) =>
    path.steps.some(
      ({ event }) => event.type === 'xstate.done.actor.signInWithToken' && event.output === false,
    ),
  );

  it('has paths through a rejected token', () => {
    expect(throughRejectedToken.length).toBeGreaterThan(0);
  });

  it.each(throughRejectedToken.map((path) => [describePath(path), path] as const))(
    'catches a screen showing success for a rejected token, on the path to %s',
    async (_, path) => {
      const broken = loginMachine.provide({ guards: { isAccepted: () => true } });
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow(/role="alert"/);
    },
  );
});
