/** The texts the resident types that the create payload carries, trimmed (`toPermitCreatePayload`). */
type PermitDetailFields =
  'reference_label' | 'vrm' | 'make' | 'model' | 'colour' | 'driver_first' | 'driver_last';

/**
 * What the add-permit form holds (Formik owns it): the payload's vehicle, driver and reference
 * texts as typed, and the choices the payload's times are made from. Dates are the values of
 * `datetime-local` inputs, 'yyyy-MM-ddTHH:mm' read as Europe/London wall time, or '' when empty.
 */
export interface PermitFormValues extends Record<PermitDetailFields, string> {
  end: string;
  indefinite: boolean;
  schedule: boolean;
  start: string;
  acknowledged: boolean;
  /** "This registration is correct": the resident vouches for a registration not in a UK format. */
  vrm_confirmed: boolean;
  /** "Repeat weekly": the scheduled permit and the next weeks' (machines/permits/rules/weekly-series.ts). */
  repeat_weekly: boolean;
  /** "Number of weeks" as typed; 2 to 8 when repeating. */
  weeks: string;
}
