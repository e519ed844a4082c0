import { List } from '@chakra-ui/react';
import { Formik } from 'formik';
import { changePasswordMachine } from '../../../../machines/settings/change-password/change-password-machine';
import { useAppActor } from '../../../shell/app-machines';
import { usePasswordFormState } from '../../../shared/use-password-form-state';
import { paths } from '../../../shell/pages';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormBody } from '../../../ui/form-body';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { FormSubmission } from '../../../ui/form-submission';
import { changePasswordActors } from './change-password-actors';

/** The form's rules, loaded with its first check (src/ui/validate-with-schema.ts). */
const validateChangePasswordForm = validateWithSchema(() =>
  import('../../../../machines/settings/change-password/change-password-form-schema').then(
    (module) => module.changePasswordFormSchema,
  ),
);

interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const initialValues: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

const fieldOrder: readonly (keyof ChangePasswordValues)[] = [
  'current_password',
  'new_password',
  'confirm_password',
];

/**
 * A refusal that lists what is wrong with the password, one item per sentence. It takes focus
 * from the busy button unless the error summary does (when the server named a field).
 */
function PasswordErrorItems({
  items,
  focusOnShow,
}: {
  items: readonly string[];
  focusOnShow: boolean;
}) {
  return (
    <ErrorAlert focusOnShow={focusOnShow}>
      <List.Root ps={4}>
        {items.map((item, index) => (
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List.Root>
    </ErrorAlert>
  );
}

/**
 * Change password from Settings (docs/contract.md §2 "Change password", §5 and §8). Formik owns
 * the values and the matching rule; the change-password machine owns submitting, success and the
 * error, which lists the server's sentences as bullets when they are about the password.
 */
export function ChangePasswordScreen() {
  const changePasswordActor = useAppActor(
    'changePassword',
    changePasswordMachine,
    changePasswordActors,
  );
  const { submitting, succeeded, error } = usePasswordFormState(changePasswordActor);
  const errorItems = error?.items ?? [];
  const serverFieldErrors = error?.fieldErrors;

  return (
    <FormPage title="Change Password" back={{ to: paths.settings, label: 'Back to Settings' }}>
      <Formik
        initialValues={initialValues}
        {...validateChangePasswordForm}
        onSubmit={({ current_password, new_password }) =>
          changePasswordActor.send({ type: 'SUBMIT', values: { current_password, new_password } })
        }
      >
        <FormBody fieldOrder={fieldOrder} serverFieldErrors={serverFieldErrors}>
          <FormField
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <FormField
            name="new_password"
            label="New password"
            type="password"
            autoComplete="new-password"
            helperText="Use at least 8 characters with uppercase, lowercase and numeric characters."
          />
          <FormField
            name="confirm_password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
          />
          {errorItems.length > 0 && (
            <PasswordErrorItems items={errorItems} focusOnShow={serverFieldErrors === undefined} />
          )}
          <FormSubmission
            label="Update Password"
            busyLabel="Updating..."
            submitting={submitting}
            succeeded={succeeded}
            successMessage="Your password has been updated."
            errorMessage={errorItems.length > 0 ? null : (error?.message ?? null)}
          />
        </FormBody>
      </Formik>
    </FormPage>
  );
}
