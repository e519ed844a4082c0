/**
 * What the add-permit form holds (Formik owns it). Dates are the values of `datetime-local`
 * inputs, 'yyyy-MM-ddTHH:mm' read as Europe/London wall time, or '' when empty.
 */
export interface PermitFormValues {
  reference_label: string;
  vrm: string;
  make: string;
  model: string;
  colour: string;
  driver_first: string;
  driver_last: string;
  end: string;
  indefinite: boolean;
  schedule: boolean;
  start: string;
  acknowledged: boolean;
}
