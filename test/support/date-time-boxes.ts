import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  dateTimePartOrder,
  toDateTimeParts,
  toDateTimeValue,
  type DateTimeParts,
} from '../../machines/permits/rules/date-time-parts';

const boxLabels = { day: 'Day', month: 'Month', year: 'Year', hour: 'Hour', minute: 'Minute' };

/** One box of a date input (src/ui/date-time-input.tsx), found by its label inside the fieldset. */
export function dateTimeBox(group: HTMLElement, part: keyof DateTimeParts): HTMLInputElement {
  return within(group).getByRole('textbox', { name: boxLabels[part] });
}

/**
 * Types a `datetime-local` value ('2026-06-02T18:00', or '' to empty it) into a date input as a
 * resident does, key by key in UK order (day, month, year, hour, minute), then leaves it.
 */
export async function typeDateTime(user: UserEvent, group: HTMLElement, value: string) {
  const parts = toDateTimeParts(value);
  for (const part of dateTimePartOrder) {
    const box = dateTimeBox(group, part);
    await user.clear(box);
    if (parts[part] !== '') await user.type(box, parts[part]);
  }
  await user.tab();
}

/** What a date input's boxes hold, as the form value they write ('' when all are empty). */
export function dateTimeShown(group: HTMLElement): string {
  const parts = Object.fromEntries(
    dateTimePartOrder.map((part) => [part, dateTimeBox(group, part).value]),
  ) as unknown as DateTimeParts;
  return toDateTimeValue(parts);
}
