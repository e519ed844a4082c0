import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';

/**
 * Every form's `validate`: its Yup schema, checked exactly as Formik checks a `validationSchema`
 * (validateYupSchema, then yupToFormErrors), but asked for at each check. The forms a signed-out
 * resident opens import their schema there, so Yup (about 12 KB gzip) loads with the first check
 * and not with /login (docs/performance.md); the permit forms build theirs from the clock.
 */
export function validateWithSchema<Values extends FormikValues>(
  schemaFor: () => Schema | Promise<Schema>,
): (values: Values) => Promise<FormikErrors<Values>> {
  return async (values) => {
    const schema = await schemaFor();
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name !== 'ValidationError') throw error;
      return yupToFormErrors<Values>(error);
    }
  };
}
