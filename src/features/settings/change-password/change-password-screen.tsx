import { List } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { changePasswordMachine } from '../../../../machines/settings/change-password/change-password-machine';
import { sentencesOf } from '../../../../machines/sentences';
import { readersText } from '../../../i18n/readers-text';
import { useAppActor } from '../../../shell/app-machines';
import { usePasswordFormState } from '../../../shared/use-password-form-state';
import { paths } from '../../../shell/pages';
import { useProfile } from '../../../shell/session-hooks';
import { ErrorAlert } from '../../../ui/error-alert';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { MachineForm, type MachineFormSpec } from '../../../ui/machine-form';
import { changePasswordActors } from './change-password-actors';

interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const changePasswordForm: MachineFormSpec<ChangePasswordValues> = {
  submitLabel: /*i18n*/ 'Update Password',
  busyLabel: /*i18n*/ 'Updating...',
  successMessage: /*i18n*/ 'Your password has been updated.',
  initialValues: { current_password: '', new_password: '', confirm_password: '' },
  rules: validateWithSchema(() =>
    import('../../../../machines/settings/change-password/change-password-form-schema').then(
      (module) => module.changePasswordFormSchema,
    ),
  ),
};

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
  const { i18n } = useLingui();
  // Each item worded whole, then split: a catalogue knows a text of two sentences only whole.
  const sentences = items.flatMap((item) => sentencesOf(readersText(i18n, item)));
  return (
    <ErrorAlert focusOnShow={focusOnShow}>
      <List.Root ps={4}>
        {sentences.map((sentence, index) => (
          <List.Item key={index}>{sentence}</List.Item>
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
  const { i18n } = useLingui();
  const changePasswordActor = useAppActor(
    'changePassword',
    changePasswordMachine,
    changePasswordActors,
  );
  const { progress, error } = usePasswordFormState(changePasswordActor);
  const profile = useProfile();
  const errorItems = error?.items ?? [];

  return (
    <FormPage
      title={i18n._('Change Password')}
      back={{ to: paths.settings, label: i18n._('Back to Settings') }}
    >
      <MachineForm
        form={changePasswordForm}
        // Items are listed as bullets above the button; the message is not said again under them.
        progress={errorItems.length > 0 ? { ...progress, errorMessage: null } : progress}
        onSubmit={({ current_password, new_password }) =>
          changePasswordActor.send({
            type: 'SUBMIT',
            values: { current_password, new_password, email: profile?.email ?? '' },
          })
        }
      >
        <FormField
          name="current_password"
          label={i18n._('Current password')}
          type="password"
          autoComplete="current-password"
        />
        <FormField
          name="new_password"
          label={i18n._('New password')}
          type="password"
          autoComplete="new-password"
          helperText={i18n._(
            'Use at least 8 characters with uppercase, lowercase and numeric characters.',
          )}
        />
        <FormField
          name="confirm_password"
          label={i18n._('Confirm new password')}
          type="password"
          autoComplete="new-password"
        />
        {errorItems.length > 0 && (
          <PasswordErrorItems items={errorItems} focusOnShow={progress.fieldErrors === undefined} />
        )}
      </MachineForm>
    </FormPage>
  );
}
