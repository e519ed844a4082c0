import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';

/** The Formik props every form spreads: how and when its rules are checked. */
export interface SchemaValidation<Values> {
  validate: (values: Values) => Promise<FormikErrors<Values>>;
  validateOnChange: false;
  validateOnBlur: false;
}

/**
 * Every form's validation, spread onto its `<Formik>`: its Yup schema, checked exactly as Formik
 * checks a `validationSchema` (validateYupSchema, then yupToFormErrors), but asked for at each
 * check. The forms a signed-out resident opens import their schema there, so Yup (about 12 KB
 * gzip) loads with the first check and not with /login (docs/performance.md); the permit forms
 * build theirs from the clock.
 *
 * Checked on submit only, GOV.UK's way: a message that appeared when a field was left, or as a
 * key was typed, moved the controls below it, and a press on the submit button begun before the
 * move was lost when released after it (issue 33; test/browser/form-faults-journey.test.ts). The
 * messages a submit gave stay until the next submit.
 */
export function validateWithSchema<Values extends FormikValues>(
  schemaFor: () => Schema | Promise<Schema>,
): SchemaValidation<Values> {
  const validate = async (values: Values): Promise<FormikErrors<Values>> => {
    const schema = await schemaFor();
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name !== 'ValidationError') throw error;
      return yupToFormErrors<Values>(error);
    }
  };
  return { validate, validateOnChange: false, validateOnBlur: false };
}
