import type { MessageDescriptor } from '@lingui/core';
import type { DateTime } from 'luxon';
import * as yup from 'yup';
import type { VisitorInvitation } from '../../../contract/visitor-pass';
import { emailFormat } from '../../auth/shared/email-format';
import {
  expirySchema,
  londonInstant,
  permitFormMessages,
  permitFormSchema,
  scheduledStartSchema,
} from '../../permits/permit-form/permit-form-schema';
import { formatPermitTime } from '../../permits/rules/permit-display';
import { passWindow } from './visitor-booking-form';

/**
 * The booking form's own messages, word for word (test/machines/visitor-passes/visitor-booking/):
 * those naming the pass's times are descriptors, worded in the reader's language where the form is
 * shown (src/ui/validate-with-schema.ts).
 */
export const visitorBookingFormMessages = {
  startBeforePass: (from: string): MessageDescriptor => /*i18n*/ ({
    id: 'Scheduled start date must be on or after {from}',
    values: { from },
  }),
  startAfterPass: (until: string): MessageDescriptor => /*i18n*/ ({
    id: 'Scheduled start date must be before {until}',
    values: { until },
  }),
  endAfterPass: (until: string): MessageDescriptor => /*i18n*/ ({
    id: 'Expiry date must be no later than {until}',
    values: { until },
  }),
  receiptEmailFormat: emailFormat.message,
} as const;

/**
 * The booking form's rules at `now`: Add Permit's for the vehicle, the registration and the times
 * on the pass's site (machines/permits/permit-form/permit-form-schema.ts), with the times held
 * within the pass's window (a chosen start on or after its start and before its end, a chosen end
 * no later than its end), and a receipt address, when given, in the host's e-mail format.
 */
export function visitorBookingSchema(invitation: VisitorInvitation, now: DateTime | Date) {
  const { site } = invitation;
  const { from, until } = passWindow(invitation);
  const fromText = formatPermitTime(invitation.valid_from);
  const untilText = formatPermitTime(invitation.valid_until);
  const permitFields = permitFormSchema(site, now).pick([
    'vrm',
    'vrm_confirmed',
    'make',
    'model',
    'colour',
    'acknowledged',
  ]);
  const start = scheduledStartSchema(now)
    .test('from', visitorBookingFormMessages.startBeforePass(fromText), (value) => {
      const instant = londonInstant(value);
      return instant === null || from === null || instant >= from;
    })
    .test('until', visitorBookingFormMessages.startAfterPass(untilText), (value) => {
      const instant = londonInstant(value);
      return instant === null || until === null || instant < until;
    });
  const end = expirySchema(now, permitFormMessages.endRequired, (values) =>
    values.schedule === true ? values.start : '',
  ).test('until', visitorBookingFormMessages.endAfterPass(untilText), (value) => {
    const instant = londonInstant(value);
    return instant === null || until === null || instant <= until;
  });
  return permitFields.shape({
    schedule: yup.boolean(),
    start: site.can_schedule_permits
      ? yup.string().when('schedule', ([schedule]) => (schedule ? start : yup.string()))
      : yup.string(),
    // The site's automatic end sets the end: there is none to choose.
    end: site.default_end_date_limit_hours > 0 ? yup.string() : end,
    receipt_email: yup
      .string()
      .trim()
      .max(254, visitorBookingFormMessages.receiptEmailFormat)
      .matches(emailFormat.pattern, {
        message: visitorBookingFormMessages.receiptEmailFormat,
        excludeEmptyString: true,
      }),
  });
}
