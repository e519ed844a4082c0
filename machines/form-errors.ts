import { ValidationError, type Schema } from 'yup';
import { englishMessage } from './say-message';

/**
 * What a form's Yup schema says about `values`: each invalid field with its first message, in
 * English (`englishMessage`), an empty object when the form may be sent. Formik reads a schema
 * the same way when a screen hands it over as `validationSchema`; this is for the code that asks
 * outside Formik (the rules' tests, a submit button that waits for the required fields).
 */
export function formErrors<TValues extends object>(
  schema: Schema,
  values: TValues,
): Partial<Record<keyof TValues, string>> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Partial<Record<string, string>> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      if (failure.path !== undefined && errors[failure.path] === undefined) {
        errors[failure.path] = englishMessage(failure.message);
      }
    }
    return errors as Partial<Record<keyof TValues, string>>;
  }
}
