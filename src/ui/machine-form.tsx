import { useLingui } from '@lingui/react';
import { Formik, useFormikContext, type FormikValues } from 'formik';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormBody } from './form-body';
import { FormSubmission, type SubmissionProgress } from './form-submission';
import type { SchemaValidation } from './validate-with-schema';

/**
 * What a form is, apart from the markup of its fields (rules: src/ui/validate-with-schema.ts). Its
 * texts are English ids marked for the catalogue (`/*i18n*\/ 'Sign in'`), shown translated.
 */
export interface MachineFormSpec<TValues> {
  /** The submit button's words, idle and while the request is out. */
  submitLabel: string;
  busyLabel: string;
  /** What the form says once the submission has succeeded. */
  successMessage: string;
  /** The fields' first values, in the order the form shows them: the error summary lists so. */
  initialValues: TValues;
  /**
   * The form's rules, checked on submit; a schema imported there loads once the resident pauses
   * in the form (src/ui/form-body.tsx).
   */
  rules: SchemaValidation<TValues>;
}

/**
 * A whole form whose submission a machine drives, as the account screens have it: Formik holds
 * the values and checks the rules, the body shows the fields (`children`) with the refusal's word
 * on each, and the end shows where the submission stands (`progress`, src/ui/form-submission.tsx).
 * `onSubmit` hands the values to the machine.
 */
export function MachineForm<TValues extends FormikValues>({
  form,
  progress,
  onSubmit,
  submitDisabled,
  afterSubmission,
  onEditAfterSuccess,
  children,
}: {
  form: MachineFormSpec<TValues>;
  progress: SubmissionProgress;
  onSubmit: (values: TValues) => void;
  /** Holds the button back, as when another submit could only be refused. */
  submitDisabled?: boolean;
  /** What follows the button, such as the way on after a success. */
  afterSubmission?: ReactNode;
  /** Told when the resident changes a field after the submission succeeded. */
  onEditAfterSuccess?: () => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const { prepare, ...checks } = form.rules;
  return (
    <Formik initialValues={form.initialValues} {...checks} onSubmit={onSubmit}>
      <FormBody
        fieldOrder={Object.keys(form.initialValues)}
        serverFieldErrors={progress.fieldErrors}
        prepareRules={prepare}
      >
        {children}
        <FormSubmission
          label={i18n._(form.submitLabel)}
          busyLabel={i18n._(form.busyLabel)}
          successMessage={form.successMessage}
          progress={progress}
          disabled={submitDisabled}
        />
        {afterSubmission}
        {onEditAfterSuccess && (
          <EditAfterSuccess succeeded={progress.succeeded} onEdit={onEditAfterSuccess} />
        )}
      </FormBody>
    </Formik>
  );
}

/** Calls `onEdit` at the first change of the form's values after the submission succeeded. */
function EditAfterSuccess({ succeeded, onEdit }: { succeeded: boolean; onEdit: () => void }) {
  const { values } = useFormikContext();
  const valuesAtSuccess = useRef<unknown>(null);
  useEffect(() => {
    if (!succeeded) valuesAtSuccess.current = null;
    else if (valuesAtSuccess.current === null) valuesAtSuccess.current = values;
    else if (valuesAtSuccess.current !== values) onEdit();
  }, [succeeded, values, onEdit]);
  return null;
}
