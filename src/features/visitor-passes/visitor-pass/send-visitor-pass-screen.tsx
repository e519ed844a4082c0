import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Link as RouterLink } from 'react-router';
import { visitorPassRules } from '../../../../contract/visitor-pass';
import { visitorPassMachine } from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-machine';
import {
  newVisitorPassForm,
  visitorPassFieldLabels,
  visitorPassFormSchema,
  type VisitorPassFormValues,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-form';
import {
  passWindowText,
  visitorPassLink,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-rules';
import { useAppActor, useClock } from '../../../shell/app-machines';
import { paths } from '../../../shell/pages';
import { DateTimeInput } from '../../../ui/date-time-input';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormBody } from '../../../ui/form-body';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { FormSubmission } from '../../../ui/form-submission';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { visitorPassActors } from './visitor-pass-actors';
import { VisitorPassLink } from './visitor-pass-link';

/** The fields in the order the form shows them, so focus goes to the first one in error. */
const fieldOrder: (keyof VisitorPassFormValues)[] = ['valid_from', 'valid_until', 'name', 'uses'];

/**
 * "Send a visitor pass" (docs/contract.md, "Visitor passes"), reached from My Permits: when the
 * visitor may use it (from now to a week ahead unless changed, at most 31 days), an optional name
 * for the resident's own reference, and how many permits it may make. "Create link" makes it; the
 * link is then shown to copy, share or scan (the visitor-pass machine's `ready`), with "Withdraw"
 * for a pass sent by mistake.
 */
export function SendVisitorPassScreen() {
  const clock = useClock();
  const actor = useAppActor('visitorPass', visitorPassMachine, visitorPassActors);
  const [initialValues] = useState(() => newVisitorPassForm(clock()));
  const creating = useSelector(actor, (snapshot) => snapshot.matches('creating'));
  const submitting = useSelector(actor, (snapshot) => snapshot.matches({ creating: 'submitting' }));
  const failure = useSelector(actor, (snapshot) =>
    snapshot.matches({ creating: 'failed' }) ? snapshot.context.errorMessage : null,
  );
  const serverFieldErrors = useSelector(
    actor,
    (snapshot) => snapshot.context.fieldErrors ?? undefined,
  );
  return (
    <FormPage
      title="Send a visitor pass"
      back={{ to: paths.myPermits, label: 'Back to Permits' }}
      width="2xl"
      intro={
        creating ? (
          <Text>
            Your visitor books their own parking with the link, without an account. Each permit it
            makes counts towards your own limit.
          </Text>
        ) : undefined
      }
    >
      {creating ? (
        <Formik
          initialValues={initialValues}
          {...validateWithSchema<VisitorPassFormValues>(() => visitorPassFormSchema(clock()))}
          onSubmit={(values) => actor.send({ type: 'SUBMIT', values })}
        >
          <FormBody fieldOrder={fieldOrder} serverFieldErrors={serverFieldErrors}>
            <DateTimeInput
              name="valid_from"
              label={visitorPassFieldLabels.valid_from}
              hint="When the visitor may first use it."
            />
            <DateTimeInput
              name="valid_until"
              label={visitorPassFieldLabels.valid_until}
              hint={`At most ${visitorPassRules.maxWindowDays} days after it starts.`}
            />
            <FormField
              name="name"
              label={visitorPassFieldLabels.name}
              autoComplete="off"
              required={false}
              helperText="For your own reference, such as Mum or Plumber"
            />
            <FormField
              name="uses"
              label={visitorPassFieldLabels.uses}
              autoComplete="off"
              helperText={`How many permits your visitor may book with it, from 1 to ${visitorPassRules.maxUses}`}
            />
            <FormSubmission
              label="Create link"
              busyLabel="Creating link..."
              progress={{ submitting, succeeded: false, errorMessage: failure }}
            />
          </FormBody>
        </Formik>
      ) : (
        <CreatedPass actor={actor} />
      )}
    </FormPage>
  );
}

/**
 * Said where the link was once the pass is withdrawn (or used, or expired), taking the focus that
 * "Withdraw" had, so it never falls to the page's body.
 */
function NoLongerUsable() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Text role="status" ref={ref} tabIndex={-1} outline="none">
      This visitor pass can no longer be used: its link no longer works.
    </Text>
  );
}

/** The pass once made: its link, what it allows, and "Withdraw" while it may still be used. */
function CreatedPass({ actor }: { actor: ActorRefFrom<typeof visitorPassMachine> }) {
  const pass = useSelector(actor, (snapshot) => snapshot.context.pass);
  const token = useSelector(actor, (snapshot) => snapshot.context.token);
  const ready = useSelector(actor, (snapshot) => snapshot.matches('ready'));
  const withdrawing = useSelector(actor, (snapshot) => snapshot.matches('withdrawing'));
  const withdrawError = useSelector(actor, (snapshot) =>
    snapshot.matches('ready') ? snapshot.context.errorMessage : null,
  );
  if (pass === null) return null;
  const usable = ready || withdrawing;
  return (
    <Stack gap={6}>
      {usable && token !== null ? (
        <VisitorPassLink link={visitorPassLink(window.location.origin, token)} />
      ) : (
        <NoLongerUsable />
      )}
      {usable && (
        <Text>
          It can book {pass.uses_left} {pass.uses_left === 1 ? 'permit' : 'permits'}, from{' '}
          {passWindowText(pass)} (UK time).
        </Text>
      )}
      {withdrawError && <ErrorAlert title={withdrawError} focusOnShow />}
      {usable && (
        <Button
          alignSelf="flex-start"
          variant="outline"
          colorPalette="red"
          loading={withdrawing}
          loadingText="Withdrawing..."
          onClick={() => actor.send({ type: 'WITHDRAW' })}
        >
          Withdraw
        </Button>
      )}
      <Link asChild color="teal.700">
        <RouterLink to={paths.visitorPasses}>Your visitor passes</RouterLink>
      </Link>
    </Stack>
  );
}
