import * as yup from 'yup';
import { skippedWallTimeMessage } from '../../../contract/london-wall-time';
import { dateTimePartsMessage, readDateTimeParts } from '../rules/date-time-parts';

/** The labels of My Permits' creation-date filters, which their messages begin with. */
export const creationDateLabels = {
  startDate: /*i18n*/ 'Created from',
  endDate: /*i18n*/ 'Created to',
} as const;

/** What the creation-date filters hold: `datetime-local` values, '' meaning no bound. */
export interface CreationDates {
  startDate: string;
  endDate: string;
}

/**
 * A creation-date bound typed into a date input (src/ui/date-time-input.tsx): empty (no bound) or
 * a whole London date and time. Boxes that name none are told what is wrong, in the words the
 * add form's dates use (machines/permits/rules/date-time-parts.ts).
 */
function creationDate(name: string) {
  return yup.string().test('date', (value, context) => {
    const reading = readDateTimeParts(value ?? '');
    if (reading.kind === 'ok' || reading.kind === 'empty') return true;
    return context.createError({
      message: dateTimePartsMessage(name, reading) ?? skippedWallTimeMessage,
    });
  });
}

/** The rules of My Permits' creation-date filters (test/screens/features/permits/my-permits/my-permits-screen.test.tsx). */
export function creationDatesSchema() {
  return yup.object({
    startDate: creationDate(creationDateLabels.startDate),
    endDate: creationDate(creationDateLabels.endDate),
  });
}

/** Whether a bound may apply as it stands: a whole date, or none. */
export function isApplicableCreationDate(value: string): boolean {
  const kind = readDateTimeParts(value).kind;
  return kind === 'ok' || kind === 'empty';
}
