import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AnyMachineSnapshot } from 'xstate';
import type { RegistrationDetails } from '../../../../../contract/auth';
import { registerMachine } from '../../../../../machines/auth/register/register-machine';
import { inEnglish } from '../../../../support/in-english';
import { RegisterScreen } from '../../../../../src/features/auth/register/register-screen';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import { withControlledRegisterActors } from '../../../../../machines/auth/register/register-flow-samples';
import {
  describePath,
  runModelPath,
  type ModelDriver,
} from '../../../../../machines/flow-models/model-paths';
import { testEveryModelPath } from '../../../../machines/model-path-tests';
import { errorSummaryTitle } from '../../../../../src/ui/error-summary';
import { expectErrorSummary, findErrorBanner } from '../../../../support/error-summary';
import { exactly, renderWithProviders } from '../../../../support/render';
import { screenPathsOf } from '../../../screen-model-paths';

const paths = screenPathsOf('register');

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
  const provided = withControlledRegisterActors(machine, controls);
  let user: UserEvent;
  return {
    start() {
      ({ user } = renderWithProviders(
        <Routes>
          <Route path="/register" element={<RegisterScreen />} />
          <Route path="/login" element={<h1>Login page</h1>} />
        </Routes>,
        { route: '/register', machines: { register: provided } },
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
      } else if (state.matches('success') || state.matches('signedIn')) {
        expect(await screen.findByRole('button', { name: 'Success!' })).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(
          exactly('Registration successful! Redirecting to dashboard...'),
        );
        // The server's answer takes focus from the busy button, never leaving it on the body.
        expect(screen.getByRole('status')).toHaveFocus();
      } else if (state.matches('error')) {
        // A descriptor when the server's warning sits in the spec's words.
        expect(await findErrorBanner()).toHaveTextContent(
          exactly(inEnglish(state.context.errorMessage)),
        );
        // A refusal that names a field is on that field too, and listed in the error summary.
        const fieldErrors = Object.values(
          (state.context.fieldErrors as Record<string, string> | null) ?? {},
        );
        if (fieldErrors.length > 0) await expectErrorSummary(fieldErrors);
        else
          expect(screen.queryByRole('alert', { name: errorSummaryTitle })).not.toBeInTheDocument();
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

  testEveryModelPath(registerMachine, paths, () => screenDriver(registerMachine));

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
