import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { Formik, useFormikContext } from 'formik';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useLocation, useNavigate } from 'react-router';
import { addPermitMachine } from '../../../../machines/permits/add-permit/add-permit-machine';
import type { Clock } from '../../../../machines/clock';
import { createPermitErrorTitle } from '../../../../machines/permits/add-permit/create-permit-error-message';
import {
  acknowledgementLabel,
  emptyPermitForm,
  minimumDateTimeLocal,
  minimumExpiry,
} from '../../../../machines/permits/permit-form/permit-form-rules';
import {
  permitFormMessages,
  permitFormSchema,
  validatePermitForm,
} from '../../../../machines/permits/permit-form/permit-form-schema';
import type { PermitFormValues } from '../../../../machines/permits/permit-form/permit-form-values';
import { recentVehiclesMachine } from '../../../../machines/permits/add-permit/recent-vehicles-machine';
import {
  recentVehicleName,
  vehicleToAddAgain,
  withVehicle,
  type RecentVehicle,
} from '../../../../machines/permits/add-permit/recent-vehicles';
import type { SiteSettings } from '../../../../contract/site-settings';
import { permitBannerTexts } from '../../../../machines/permits/permit-banner-texts';
import { useAppActor, useClock } from '../../../shell/app-machines';
import { useFlashMessage } from '../../../shell/flash-message-provider';
import { useSiteSettings } from '../../../shell/site-settings-provider';
import { paths } from '../../../shell/pages';
import { CheckboxField } from '../../../ui/checkbox-field';
import { DateTimeInput } from '../../../ui/date-time-input';
import { FormBody } from '../../../ui/form-body';
import { FormField } from '../../../ui/form-field';
import { VehicleFields } from '../../../ui/vehicle-fields';
import { FormPage } from '../../../ui/form-page';
import { FormSubmission, type SubmissionProgress } from '../../../ui/form-submission';
import { RegistrationField } from '../../../ui/registration-field';
import { PermitAllowanceNotice } from './permit-allowance-notice';
import { RepeatWeeklyFields } from './repeat-weekly-fields';
import { SeriesProgress } from './series-progress';
import { SeriesReport } from './series-report';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { addPermitActors, recentVehiclesActors } from './add-permit-actors';
import { LoadingStatus } from '../../../ui/loading-spinner';

/** The fields in the order the form shows them, so focus goes to the first one in error. */
const fieldOrder: (keyof PermitFormValues)[] = [
  'reference_label',
  'vrm',
  'vrm_confirmed',
  'make',
  'model',
  'colour',
  'driver_first',
  'driver_last',
  'schedule',
  'start',
  'end',
  'indefinite',
  'repeat_weekly',
  'weeks',
  'acknowledged',
];

/**
 * The rules' answers that mean a required field is still empty. The acknowledgement is not among
 * them: its message is how the resident learns the box must be ticked, so a submit must reach it.
 */
const missingFieldMessages: readonly string[] = [
  permitFormMessages.referenceLabelRequired,
  permitFormMessages.vrmRequired,
  permitFormMessages.makeRequired,
  permitFormMessages.modelRequired,
  permitFormMessages.endRequired,
  permitFormMessages.startRequired,
];

/**
 * The registration field, with what the add-permit statechart's `registration` region says about
 * it and a hint when it is one slip away from a vehicle the resident has used.
 */
function AddPermitRegistrationField({
  actor,
  recentVehicles,
}: {
  actor: ActorRefFrom<typeof addPermitMachine>;
  recentVehicles: readonly RecentVehicle[];
}) {
  const suggestion = useSelector(actor, (snapshot) =>
    snapshot.matches({ form: { registration: 'suggesting' } }) ? snapshot.context.suggestion : null,
  );
  const unrecognised = useSelector(actor, (snapshot) =>
    snapshot.matches({ form: { registration: 'confirming' } }),
  );
  return (
    <RegistrationField
      actor={actor}
      suggestion={suggestion}
      unrecognised={unrecognised}
      knownMarks={recentVehicles.map((vehicle) => vehicle.vrm)}
    />
  );
}

/** One button per recent vehicle; a tap fills the vehicle and the driver, not the dates. */
function RecentVehicleButtons({ vehicles }: { vehicles: readonly RecentVehicle[] }) {
  const { i18n } = useLingui();
  const { setValues } = useFormikContext<PermitFormValues>();
  if (vehicles.length === 0) return null;
  return (
    <Box role="group" aria-label={i18n._('Recent vehicles')}>
      <Text fontWeight="medium" mb={2}>
        {i18n._('Recent vehicles')}
      </Text>
      <HStack gap={2} wrap="wrap">
        {vehicles.map((vehicle) => (
          <Button
            key={vehicle.vrm}
            size="sm"
            variant="outline"
            onClick={() => void setValues((values) => withVehicle(values, vehicle))}
          >
            {recentVehicleName(vehicle)}
          </Button>
        ))}
      </HStack>
    </Box>
  );
}

/** Where the add-permit statechart's submission stands, for the end of the form. */
function useAddPermitProgress(actor: ActorRefFrom<typeof addPermitMachine>): SubmissionProgress {
  const { i18n } = useLingui();
  const submitting = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches({ form: { submission: 'submitting' } }) ||
      snapshot.matches({ form: { submission: 'findingOverlap' } }) ||
      snapshot.matches({ form: { submission: 'creatingSeries' } }),
  );
  const succeeded = useSelector(actor, (snapshot) => snapshot.matches('succeeded'));
  const errorMessage = useSelector(actor, (snapshot) =>
    snapshot.matches({ form: { submission: 'failed' } }) ? snapshot.context.errorMessage : null,
  );
  const errorDetail = useSelector(actor, (snapshot) =>
    snapshot.matches({ form: { submission: 'failed' } }) ? snapshot.context.errorDetail : null,
  );
  // The detail is a descriptor with the permit's figures: formatted here, in the reader's language.
  return {
    submitting,
    succeeded,
    errorMessage,
    errorDetail: errorDetail === null ? null : i18n._(errorDetail),
  };
}

function PermitFields({
  actor,
  recentVehicles,
  settings,
  clock,
}: {
  actor: ActorRefFrom<typeof addPermitMachine>;
  recentVehicles: readonly RecentVehicle[];
  settings: SiteSettings;
  clock: Clock;
}) {
  const { i18n } = useLingui();
  const { values, setFieldValue } = useFormikContext<PermitFormValues>();
  const now = clock();
  const automaticEndHours = settings.default_end_date_limit_hours;
  const progress = useAddPermitProgress(actor);
  const series = useSelector(actor, (snapshot) => snapshot.context.series);
  const creatingSeries = useSelector(actor, (snapshot) =>
    snapshot.matches({ form: { submission: 'creatingSeries' } }),
  );
  const seriesIncomplete = useSelector(actor, (snapshot) =>
    snapshot.matches({ form: { submission: 'seriesIncomplete' } }),
  );
  // The rules are checked on submit; only what holds the button back is read as the form changes.
  const ruleMessages = validatePermitForm(values, settings, now);
  const missingMessages = fieldOrder.flatMap((name) => {
    const message = ruleMessages[name];
    return message !== undefined && missingFieldMessages.includes(message) ? [message] : [];
  });

  return (
    <FormBody fieldOrder={fieldOrder}>
      {settings.can_add_reference && (
        <FormField
          name="reference_label"
          label={i18n._('Reference label')}
          autoComplete="off"
          helperText={i18n._('Enter a unique reference label for this permit')}
        />
      )}
      <RecentVehicleButtons vehicles={recentVehicles} />
      <AddPermitRegistrationField actor={actor} recentVehicles={recentVehicles} />
      <VehicleFields />
      <FormField
        name="driver_first"
        label={i18n._('Driver first name (optional)')}
        autoComplete="off"
        required={false}
      />
      <FormField
        name="driver_last"
        label={i18n._('Driver last name (optional)')}
        autoComplete="off"
        required={false}
      />
      {/* The start comes first: the expiry is read against it. */}
      {settings.can_schedule_permits && (
        <>
          <CheckboxField
            name="schedule"
            label={i18n._('Schedule permit for future activation')}
            onCheckedChange={(checked) => {
              if (!checked) void setFieldValue('start', '');
            }}
          />
          {values.schedule && (
            <DateTimeInput
              name="start"
              label={i18n._('Scheduled start date')}
              earliest={minimumDateTimeLocal(now)}
            />
          )}
          {values.schedule && <RepeatWeeklyFields labelled={settings.can_add_reference} />}
        </>
      )}
      {automaticEndHours > 0 ? (
        <Text>
          {i18n._(
            'Permits on this site end {hours, plural, one {# hour} other {# hours}} after they start.',
            {
              hours: automaticEndHours,
            },
          )}
        </Text>
      ) : (
        <>
          <DateTimeInput
            name="end"
            label={i18n._('Expiry date')}
            earliest={minimumExpiry(values, now)}
            disabled={values.indefinite}
          />
          <CheckboxField
            name="indefinite"
            label={i18n._('Set as Indefinite')}
            onCheckedChange={(checked) => {
              if (checked) void setFieldValue('end', '');
            }}
          />
        </>
      )}
      <CheckboxField name="acknowledged" label={i18n._(acknowledgementLabel)} />
      {creatingSeries && <SeriesProgress series={series} />}
      {seriesIncomplete && <SeriesReport series={series} />}
      <FormSubmission
        label={i18n._('Create Permit')}
        busyLabel={i18n._('Creating Permit...')}
        progress={progress}
        errorTitle={createPermitErrorTitle}
        disabled={missingMessages.length > 0}
        heldBackBecause={missingMessages}
      />
    </FormBody>
  );
}

/**
 * The add-permit form (docs/contract.md §2, "Add Permit"; §3, §5 and §8). The spinner shows until
 * the site settings are known; then Formik owns the values and runs the form's rules, and the
 * add-permit machine owns submitting, the error message and the way to /my-permits after success.
 */
export function AddPermitScreen() {
  const { i18n } = useLingui();
  const settings = useSiteSettings();
  return (
    <FormPage
      title={i18n._('Add New Permit')}
      back={{ to: paths.myPermits, label: i18n._('Back to Permits') }}
      width="2xl"
    >
      <PermitAllowanceNotice />
      {settings === null ? (
        <LoadingStatus label={i18n._('Loading site settings')} />
      ) : (
        <AddPermitForm settings={settings} />
      )}
    </FormPage>
  );
}

/** The form itself, for settings already known. */
function AddPermitForm({ settings }: { settings: SiteSettings }) {
  const navigate = useNavigate();
  const location = useLocation();
  const clock = useClock();
  const { raise } = useFlashMessage();
  // The registration last sent, for the banner that confirms the permit on My Permits.
  const sentVrm = useRef('');
  const addPermitActor = useAppActor('addPermit', addPermitMachine, addPermitActors, {
    actions: {
      navigateToMyPermits: () => {
        raise(permitBannerTexts.created(sentVrm.current), { onNextPage: true });
        void navigate(paths.myPermits, { state: { refresh: true } });
      },
    },
    input: { clock, vehicle: vehicleToAddAgain(location.state) },
  });
  const recentVehiclesActor = useAppActor(
    'recentVehicles',
    recentVehiclesMachine,
    recentVehiclesActors,
  );
  const recentVehicles = useSelector(recentVehiclesActor, (snapshot) => snapshot.context.vehicles);
  const vehicle = useSelector(addPermitActor, (snapshot) => snapshot.context.vehicle);
  return (
    <Formik
      initialValues={vehicle ? withVehicle(emptyPermitForm, vehicle) : emptyPermitForm}
      {...validateWithSchema<PermitFormValues>(() => permitFormSchema(settings, clock()))}
      onSubmit={(values) => {
        sentVrm.current = values.vrm;
        // With the settings the form was checked against: those asked for again once back
        // online (src/shell/site-settings-provider.tsx), where the first answer fell back.
        addPermitActor.send({ type: 'SUBMIT', values, settings });
      }}
    >
      <PermitFields
        actor={addPermitActor}
        recentVehicles={recentVehicles}
        settings={settings}
        clock={clock}
      />
    </Formik>
  );
}
