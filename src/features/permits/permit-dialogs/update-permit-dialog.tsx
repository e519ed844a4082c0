import { Alert, Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { Formik, useFormikContext } from 'formik';
import { useId, useState } from 'react';
import type { Clock } from '../../../../machines/clock';
import { permitDisplay } from '../../../../machines/permits/rules/permit-display';
import type { Permit } from '../../../../contract/permit';
import type { SiteSettings } from '../../../../contract/site-settings';
import {
  isUpdateSubmitDisabled,
  updatePermitForm,
  updatePermitMinimums,
  updatePermitTexts,
  updatePermitFormSchema,
  withEnd,
  withIndefinite,
  type UpdatePermitForm,
  type UpdatePermitFormValues,
} from '../../../../machines/permits/permit-dialogs/update-permit-form';
import { updatePermitMachine } from '../../../../machines/permits/permit-dialogs/update-permit-machine';
import { permitBannerTexts } from '../../../../machines/permits/permit-banner-texts';
import { useAppActor, useClock } from '../../../shell/app-machines';
import { useFlashMessage } from '../../../shell/flash-message-provider';
import { CheckboxField } from '../../../ui/checkbox-field';
import { FormBody } from '../../../ui/form-body';
import { DateTimeInput } from '../../../ui/date-time-input';
import { PermitDialogFrame } from './permit-dialog-frame';
import { PermitDetailsList } from '../../../ui/permit-details-list';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { updatePermitActors } from './permit-dialog-actors';
import { shownPermitText } from '../my-permits/shown-permit-text';

/** The dialog's fields in the order it shows them, so focus goes to the first one in error. */
const updatePermitFieldOrder = ['start', 'end', 'indefinite'];

/** The permit as it stands: what the resident is changing. */
function CurrentPermit({ permit }: { permit: Permit }) {
  const { i18n } = useLingui();
  const display = permitDisplay(permit);
  const rows = [
    { label: i18n._('Vehicle'), value: `${display.registration} (${display.vehicle})` },
    { label: i18n._('Reference'), value: shownPermitText(i18n, display.reference) },
    { label: i18n._('Current start'), value: shownPermitText(i18n, display.start) },
    { label: i18n._('Current expiry'), value: shownPermitText(i18n, display.end) },
  ];
  return <PermitDetailsList rows={rows} status={permit.status} size="sm" />;
}

function UpdatePermitFields({
  formId,
  form,
  clock,
}: {
  formId: string;
  form: UpdatePermitForm;
  clock: Clock;
}) {
  const { i18n } = useLingui();
  const { values, setValues } = useFormikContext<UpdatePermitFormValues>();
  const minimums = updatePermitMinimums(form, values, clock());

  return (
    <FormBody id={formId} fieldOrder={updatePermitFieldOrder}>
      {form.showsStart && (
        <DateTimeInput
          name="start"
          label={i18n._('New start date')}
          hint={i18n._(updatePermitTexts.startHint)}
          earliest={minimums.start}
        />
      )}
      {form.showsEnd && (
        <Stack gap={2}>
          <DateTimeInput
            name="end"
            label={i18n._('New expiry date')}
            earliest={minimums.end}
            onValueChange={(end) => void setValues(withEnd(values, end))}
          />
          <CheckboxField
            name="indefinite"
            label={i18n._(updatePermitTexts.indefinite)}
            hint={i18n._(updatePermitTexts.indefiniteHint)}
            onCheckedChange={(checked) => void setValues(withIndefinite(values, checked))}
          />
        </Stack>
      )}
      {form.automaticEndNotice && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{i18n._(form.automaticEndNotice.title)}</Alert.Title>
            <Alert.Description>{i18n._(form.automaticEndNotice.message)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </FormBody>
  );
}

function UpdateButton({
  formId,
  form,
  busy,
}: {
  formId: string;
  form: UpdatePermitForm;
  busy: boolean;
}) {
  const { i18n } = useLingui();
  const { values } = useFormikContext<UpdatePermitFormValues>();
  return (
    <Button
      type="submit"
      form={formId}
      colorPalette="teal"
      loading={busy}
      loadingText={i18n._(form.busyLabel)}
      disabled={isUpdateSubmitDisabled(form, values)}
    >
      {i18n._(form.submitLabel)}
    </Button>
  );
}

/**
 * The Update dialog (docs/contract.md §2, "Update dialog"; §3, §4, §5 and §8): the new start of a
 * scheduled permit and/or its new expiry. Formik owns the values and runs the form's rules; the
 * update machine, whose actor lives as long as the dialog is mounted, owns the request, the error
 * and the end: `onRefresh` then `onClose` after a success, `onClose` alone after a dismissal.
 */
export function UpdatePermitDialog({
  permit,
  settings,
  onClose,
  onRefresh,
}: {
  permit: Permit;
  settings: SiteSettings;
  onClose: () => void;
  onRefresh: () => void;
}) {
  const { i18n } = useLingui();
  const clock = useClock();
  const { raise } = useFlashMessage();
  // The list screen mounts a new dialog for each opening, so the actor lives as long as it.
  const updateActor = useAppActor('updatePermit', updatePermitMachine, updatePermitActors, {
    actions: {
      close: onClose,
      refreshList: () => {
        raise(permitBannerTexts.updated(permit.vrm));
        onRefresh();
      },
    },
    input: { permit, settings },
  });
  const busy = useSelector(updateActor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(updateActor, (snapshot) => snapshot.context.error);
  const [form] = useState(() => updatePermitForm(permit, settings));
  const formId = useId();
  const dismiss = () => updateActor.send({ type: 'DISMISS' });

  return (
    <Formik
      initialValues={form.initialValues}
      {...validateWithSchema<UpdatePermitFormValues>(() => updatePermitFormSchema(form, clock()))}
      onSubmit={(values) => updateActor.send({ type: 'SUBMIT', values })}
    >
      <PermitDialogFrame
        title={i18n._(form.title)}
        role="dialog"
        busy={busy}
        error={error}
        onDismiss={dismiss}
        footer={
          <>
            <Button variant="outline" disabled={busy} onClick={dismiss}>
              {i18n._('Cancel')}
            </Button>
            <UpdateButton formId={formId} form={form} busy={busy} />
          </>
        }
      >
        <CurrentPermit permit={permit} />
        <UpdatePermitFields formId={formId} form={form} clock={clock} />
      </PermitDialogFrame>
    </Formik>
  );
}
