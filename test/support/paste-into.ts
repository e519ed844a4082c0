import type { UserEvent } from '@testing-library/user-event';

/**
 * Replaces what `field` holds with `value`, pasted, as many people enter a registration; an empty
 * `value` leaves the field empty.
 */
export async function pasteInto(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value !== '') {
    await user.click(field);
    await user.paste(value);
  }
}
