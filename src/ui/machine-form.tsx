import { useLingui } from '@lingui/react';
import { Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
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
  children,
}: {
  form: MachineFormSpec<TValues>;
  progress: SubmissionProgress;
  onSubmit: (values: TValues) => void;
  /** Holds the button back, as when another submit could only be refused. */
  submitDisabled?: boolean;
  /** What follows the button, such as the way on after a success. */
  afterSubmission?: ReactNode;
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
      </FormBody>
    </Formik>
  );
}
