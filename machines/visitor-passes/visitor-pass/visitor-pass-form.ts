import type { MessageDescriptor } from '@lingui/core';
import type { DateTime } from 'luxon';
import * as yup from 'yup';
import { visitorPassRules, type VisitorPassCreatePayload } from '../../../contract/visitor-pass';
import { tooLongMessage } from '../../field-length';
import { inLondon, toApiDateTime } from '../../permits/rules/london-time';
import {
  futureDateTime,
  londonDateTimeSchema,
  londonInstant,
} from '../../permits/permit-form/permit-form-schema';
import { defaultPassWindow, isWithinLongestWindow } from './visitor-pass-rules';

/**
 * What "Send a visitor pass" holds (Formik owns it): the window as `datetime-local` values in
 * London, the resident's own name for the pass, and the number of permits it may make, as typed.
 * The names are the payload's, so the host's word about a field lands on that field.
 */
export interface VisitorPassFormValues {
  name: string;
  valid_from: string;
  valid_until: string;
  uses: string;
}

/** The form's labels, which its messages begin with (English ids, shown translated). */
export const visitorPassFieldLabels = {
  valid_from: /*i18n*/ 'Valid from',
  valid_until: /*i18n*/ 'Valid until',
  name: /*i18n*/ 'Name (optional)',
  uses: /*i18n*/ 'Number of permits',
} as const;

/** The form's messages, word for word (test/machines/visitor-passes/visitor-pass/). */
export const visitorPassFormMessages = {
  fromRequired: /*i18n*/ 'Valid from is required',
  untilRequired: /*i18n*/ 'Valid until is required',
  untilNotInFuture: /*i18n*/ 'Valid until must be in the future',
  untilNotAfterFrom: /*i18n*/ 'Valid until must be after valid from',
  nameTooLong: tooLongMessage('Name', visitorPassRules.nameMaxLength),
} as const;

/**
 * The form's messages with the contract's limits in them: descriptors, worded in the reader's
 * language where the form is shown (src/ui/validate-with-schema.ts), in English by `formErrors`.
 */
export const visitorPassLimitMessages: Readonly<
  Record<'windowTooLong' | 'usesOutOfRange', MessageDescriptor>
> = {
  windowTooLong: /*i18n*/ {
    id: 'A visitor pass can last at most {days} days',
    values: { days: visitorPassRules.maxWindowDays },
  },
  usesOutOfRange: /*i18n*/ {
    id: 'Enter a number of permits from 1 to {maxUses}',
    values: { maxUses: visitorPassRules.maxUses },
  },
};

/** The form as it opens at `now`: from now to a week ahead, one permit, no name. */
export function newVisitorPassForm(now: DateTime | Date): VisitorPassFormValues {
  const { from, until } = defaultPassWindow(now);
  return { name: '', valid_from: from, valid_until: until, uses: '1' };
}

/** The instants of a window the form names; null where a box names none. */
function windowOf(parent: unknown) {
  const values = parent as Partial<VisitorPassFormValues>;
  return { from: londonInstant(values.valid_from), until: londonInstant(values.valid_until) };
}

/**
 * The rules of "Send a visitor pass" at `now` (contract/visitor-pass.ts, `visitorPassRules`): a
 * window that ends in the future, after it starts and at most 31 days after; 1 to 10 permits; a
 * name of at most 40 characters. A start in the past is taken as now by the host.
 */
export function visitorPassFormSchema(now: DateTime | Date) {
  return yup.object({
    name: yup
      .string()
      .trim()
      .max(visitorPassRules.nameMaxLength, visitorPassFormMessages.nameTooLong),
    valid_from: londonDateTimeSchema({
      name: visitorPassFieldLabels.valid_from,
      missing: visitorPassFormMessages.fromRequired,
    }),
    valid_until: futureDateTime(inLondon(now), {
      name: visitorPassFieldLabels.valid_until,
      missing: visitorPassFormMessages.untilRequired,
      notInFuture: visitorPassFormMessages.untilNotInFuture,
    })
      .test('after-from', visitorPassFormMessages.untilNotAfterFrom, (_, { parent }) => {
        const { from, until } = windowOf(parent);
        return from === null || until === null || until > from;
      })
      .test('longest', visitorPassLimitMessages.windowTooLong, (_, { parent }) => {
        const { from, until } = windowOf(parent);
        return from === null || until === null || isWithinLongestWindow(from, until);
      }),
    uses: yup.string().test('in-range', visitorPassLimitMessages.usesOutOfRange, (value) => {
      const typed = (value ?? '').trim();
      const uses = Number(typed);
      return /^\d+$/.test(typed) && uses >= 1 && uses <= visitorPassRules.maxUses;
    }),
  });
}

/** The POST /api/v1/visitor-passes/ body for a form its rules accepted. */
export function toVisitorPassCreatePayload(
  values: VisitorPassFormValues,
): VisitorPassCreatePayload {
  const from = londonInstant(values.valid_from);
  const until = londonInstant(values.valid_until);
  if (!from || !until) throw new Error('toVisitorPassCreatePayload: the window names no dates');
  return {
    name: values.name.trim(),
    valid_from: toApiDateTime(from),
    valid_until: toApiDateTime(until),
    uses: Number(values.uses.trim()),
  };
}
