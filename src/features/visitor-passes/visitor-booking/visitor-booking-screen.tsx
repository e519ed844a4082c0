import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { Formik, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import {
  visitorPassUnusableMessage,
  type VisitorBooking,
  type VisitorInvitation,
} from '../../../../contract/visitor-pass';
import { permitIcs, permitIcsFileName } from '../../../../machines/permits/rules/permit-ics';
import { formatPermitTime, vehicleText } from '../../../../machines/permits/rules/permit-display';
import { formatRegistration } from '../../../../machines/permits/rules/uk-registration';
import {
  acknowledgementLabel,
  emptyPermitForm,
  minimumExpiry,
} from '../../../../machines/permits/permit-form/permit-form-rules';
import { visitorBookingMachine } from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-machine';
import {
  bookingOpensLater,
  earliestArrival,
  mustArriveLater,
  newVisitorBookingForm,
  type VisitorBookingFormValues,
} from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-form';
import { visitorBookingMessages } from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-error-message';
import type { Clock } from '../../../../machines/clock';
import { useAppActor, useClock } from '../../../shell/app-machines';
import { CheckboxField } from '../../../ui/checkbox-field';
import { DateTimeInput } from '../../../ui/date-time-input';
import { downloadTextFile } from '../../../ui/download-text-file';
import { ErrorAlert } from '../../../ui/error-alert';
import { focusPageHeading } from '../../../ui/focus-page-heading';
import { usePageTitle } from '../../../ui/page-title';
import { FormBody } from '../../../ui/form-body';
import { FormField } from '../../../ui/form-field';
import { VehicleFields } from '../../../ui/vehicle-fields';
import { FormPage } from '../../../ui/form-page';
import { FormSubmission } from '../../../ui/form-submission';
import { PermitDetailsList } from '../../../ui/permit-details-list';
import { RegistrationField } from '../../../ui/registration-field';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { visitorBookingActors } from './visitor-booking-actors';
import { LoadingStatus } from '../../../ui/loading-spinner';

type BookingActor = ActorRefFrom<typeof visitorBookingMachine>;

/**
 * The booking form's rules, with Yup: they come once the visitor pauses in the form, not with the
 * page (docs/performance.md); the visitor's page has no service worker to serve them once the
 * signal has gone (src/ui/validate-with-schema.ts).
 */
const loadBookingRules = () =>
  import('../../../../machines/visitor-passes/visitor-booking/visitor-booking-schema');

/** The fields in the order the form shows them, so focus goes to the first one in error. */
const fieldOrder: (keyof VisitorBookingFormValues)[] = [
  'vrm',
  'vrm_confirmed',
  'make',
  'model',
  'colour',
  'schedule',
  'start',
  'end',
  'receipt_email',
  'acknowledged',
];

/** What the page is showing, from the visitor-booking machine's state. */
type PageKind = 'loading' | 'loadFailed' | 'unusable' | 'booking' | 'booked';

function pageKindOf(snapshot: ReturnType<BookingActor['getSnapshot']>): PageKind {
  if (snapshot.matches('booking')) return 'booking';
  if (snapshot.matches('booked')) return 'booked';
  if (snapshot.matches('unusable')) return 'unusable';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  return 'loading';
}

/** Each page's heading, an English id shown translated. */
const headings: Record<PageKind, string> = {
  loading: /*i18n*/ 'Book visitor parking',
  loadFailed: /*i18n*/ 'Book visitor parking',
  booking: /*i18n*/ 'Book visitor parking',
  unusable: visitorPassUnusableMessage,
  booked: /*i18n*/ 'Visitor parking booked',
};

/** The registration field, with what the booking statechart's `registration` region says. */
function BookingRegistrationField({ actor }: { actor: BookingActor }) {
  const suggestion = useSelector(actor, (snapshot) =>
    snapshot.matches({ booking: { registration: 'suggesting' } })
      ? snapshot.context.suggestion
      : null,
  );
  const unrecognised = useSelector(actor, (snapshot) =>
    snapshot.matches({ booking: { registration: 'confirming' } }),
  );
  return <RegistrationField actor={actor} suggestion={suggestion} unrecognised={unrecognised} />;
}

/** The booking form's fields: Add Permit's, on the pass's site and within its window. */
function BookingFields({
  actor,
  invitation,
  clock,
}: {
  actor: BookingActor;
  invitation: VisitorInvitation;
  clock: Clock;
}) {
  const { i18n } = useLingui();
  const { values, setFieldValue } = useFormikContext<VisitorBookingFormValues>();
  const now = clock();
  const { site } = invitation;
  const arrivingLater = mustArriveLater(invitation, now);
  const submitting = useSelector(actor, (snapshot) =>
    snapshot.matches({ booking: { submission: 'submitting' } }),
  );
  const errorMessage = useSelector(actor, (snapshot) =>
    snapshot.matches({ booking: { submission: 'failed' } }) ? snapshot.context.errorMessage : null,
  );
  const until = formatPermitTime(invitation.valid_until);
  return (
    <>
      <BookingRegistrationField actor={actor} />
      <VehicleFields />
      {site.can_schedule_permits && !arrivingLater && (
        <CheckboxField
          name="schedule"
          label={i18n._('Schedule permit for future activation')}
          onCheckedChange={(checked) => {
            if (!checked) void setFieldValue('start', '');
          }}
        />
      )}
      {site.can_schedule_permits && values.schedule && (
        <DateTimeInput
          name="start"
          label={i18n._('Scheduled start date')}
          hint={i18n._('When you arrive.')}
          earliest={earliestArrival(invitation, now)}
        />
      )}
      {site.default_end_date_limit_hours > 0 ? (
        <Text>
          {i18n._(
            'Parking ends {hours, plural, one {# hour} other {# hours}} after it starts, and by {until} at the latest.',
            { hours: site.default_end_date_limit_hours, until },
          )}
        </Text>
      ) : (
        <DateTimeInput
          name="end"
          label={i18n._('Expiry date')}
          hint={i18n._('When you leave, by {until} at the latest.', { until })}
          earliest={minimumExpiry({ ...emptyPermitForm, ...values }, now)}
        />
      )}
      <FormField
        name="receipt_email"
        label={i18n._('E-mail for a receipt (optional)')}
        type="email"
        autoComplete="email"
        required={false}
        helperText={i18n._(
          'We send the booking’s details there once, and keep no copy of the address.',
        )}
      />
      <CheckboxField name="acknowledged" label={i18n._(acknowledgementLabel)} />
      <FormSubmission
        label={i18n._('Book parking')}
        busyLabel={i18n._('Booking parking...')}
        progress={{ submitting, succeeded: false, errorMessage }}
      />
    </>
  );
}

/** The form, for a pass the host says may be used. */
function BookingForm({
  actor,
  invitation,
}: {
  actor: BookingActor;
  invitation: VisitorInvitation;
}) {
  const { i18n } = useLingui();
  const clock = useClock();
  const [initialValues] = useState(() => newVisitorBookingForm(invitation, clock()));
  const serverFieldErrors = useSelector(
    actor,
    (snapshot) => snapshot.context.fieldErrors ?? undefined,
  );
  const { prepare, ...checks } = validateWithSchema<VisitorBookingFormValues>(() =>
    loadBookingRules().then((module) => module.visitorBookingSchema(invitation, clock())),
  );
  const from = formatPermitTime(invitation.valid_from);
  const until = formatPermitTime(invitation.valid_until);
  if (bookingOpensLater(invitation, clock())) {
    return (
      <Text>
        {i18n._(
          '{name} has invited you to park here from {from} until {until} (UK time). You can book from {from}: open this link again then.',
          { name: invitation.inviter_first_name, from, until },
        )}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text>
        {i18n._('{name} has invited you to park here until {until} (UK time).', {
          name: invitation.inviter_first_name,
          until,
        })}
      </Text>
      <Formik
        initialValues={initialValues}
        {...checks}
        onSubmit={(values) => actor.send({ type: 'SUBMIT', values })}
      >
        <FormBody
          fieldOrder={fieldOrder}
          serverFieldErrors={serverFieldErrors}
          prepareRules={prepare}
        >
          <BookingFields actor={actor} invitation={invitation} clock={clock} />
        </FormBody>
      </Formik>
    </Stack>
  );
}

/** The booked permit: its registration, times, live status and "Add to calendar". */
function BookedPermit({ booking }: { booking: VisitorBooking }) {
  const { i18n } = useLingui();
  const clock = useClock();
  const rows = [
    { label: i18n._('Registration'), value: formatRegistration(booking.vrm) },
    { label: i18n._('Vehicle'), value: vehicleText(booking) },
    { label: i18n._('Start'), value: formatPermitTime(booking.start_ts) },
    { label: i18n._('End'), value: formatPermitTime(booking.end_ts) },
    { label: i18n._('Reference'), value: booking.reference_no },
  ];
  return (
    <Stack gap={4}>
      {/* The status is announced as it changes: the page looks again while it is pending. */}
      <PermitDetailsList rows={rows} status={booking.status} liveStatus />
      <Text>
        {i18n._('Times are UK time. Keep this page or add the parking to your calendar.')}
      </Text>
      <Button
        alignSelf="flex-start"
        variant="outline"
        onClick={() =>
          downloadTextFile(
            permitIcsFileName(booking),
            'text/calendar;charset=utf-8',
            permitIcs(booking, clock(), (message) => i18n._(message)),
          )
        }
      >
        {i18n._('Add to calendar')}
      </Button>
    </Stack>
  );
}

/**
 * The visitor's page, /visit/<token> (docs/contract.md, "Visitor passes"): no account and no
 * navigation bar, whoever is signed in on the browser. "Book visitor parking" says who invited the
 * visitor (their first name) and until when, and takes the vehicle, the times within the pass and
 * the site's rules, an optional e-mail for a receipt, and the acknowledgement; "Visitor parking
 * booked" follows, with the live status. A pass that can no longer be used shows the same page
 * whatever the reason. The visitor-booking machine owns loading, booking and the status look-ups.
 */
export function VisitorBookingScreen() {
  const { i18n } = useLingui();
  const { token = '' } = useParams();
  const clock = useClock();
  const actor = useAppActor('visitorBooking', visitorBookingMachine, visitorBookingActors, {
    input: { token, clock },
  });
  const kind = useSelector(actor, pageKindOf);
  usePageTitle(headings[kind]);
  const invitation = useSelector(actor, (snapshot) => snapshot.context.invitation);
  const booking = useSelector(actor, (snapshot) => snapshot.context.booking);
  // The form, or "Try again", the visitor was on has gone: focus goes to the page's heading, never
  // to its body. (A failed read's message takes focus itself.)
  const shownKind = useRef(kind);
  useEffect(() => {
    if (shownKind.current === kind) return;
    const after = shownKind.current;
    shownKind.current = kind;
    if (kind === 'booked' || kind === 'unusable' || after === 'loadFailed') focusPageHeading();
  }, [kind]);

  return (
    <FormPage title={i18n._(headings[kind])} width="2xl">
      {kind === 'loading' && <LoadingStatus label={i18n._('Loading the visitor pass')} />}
      {kind === 'loadFailed' && (
        <Stack gap={3} alignItems="flex-start">
          <ErrorAlert title={visitorBookingMessages.loadFailed} focusOnShow />
          <Button onClick={() => actor.send({ type: 'RETRY' })}>{i18n._('Try again')}</Button>
        </Stack>
      )}
      {kind === 'unusable' && (
        <Text>{i18n._('Ask the person who sent you the link for a new one.')}</Text>
      )}
      {kind === 'booking' && invitation && <BookingForm actor={actor} invitation={invitation} />}
      {kind === 'booked' && booking && <BookedPermit booking={booking} />}
    </FormPage>
  );
}
