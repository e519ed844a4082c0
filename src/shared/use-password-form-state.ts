import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PasswordFormMachine } from '../../machines/auth/shared/password-form-machine';
import type { SubmissionProgress } from '../ui/form-submission';

/**
 * What a password form screen shows of its machine: Forgot password, Reset password and Change
 * password each run one made by `createPasswordFormMachine`, and read it the same way (where the
 * submission stands, and the error on screen), each part through its own selector.
 */
export function usePasswordFormState<TRequest>(actor: ActorRefFrom<PasswordFormMachine<TRequest>>) {
  const submitting = useSelector(actor, (snapshot) => snapshot.matches('submitting'));
  const succeeded = useSelector(actor, (snapshot) => snapshot.matches('success'));
  const error = useSelector(actor, (snapshot) =>
    snapshot.matches('error') ? snapshot.context.error : null,
  );
  const progress: SubmissionProgress = {
    submitting,
    succeeded,
    errorMessage: error?.message ?? null,
    fieldErrors: error?.fieldErrors,
  };
  return { progress, error };
}
