import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
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
import { useSiteSettings } from '../../../shell/site-settings-provider';
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
  const { i18n } = useLingui();
  const clock = useClock();
  const siteSettings = useSiteSettings();
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
      title={i18n._('Send a visitor pass')}
      back={{ to: paths.myPermits, label: i18n._('Back to Permits') }}
      width="2xl"
      // Before the pass is made too: a resident refused for having the most passes ready finds
      // there the one to withdraw.
      footer={
        <Link asChild color="teal.700">
          <RouterLink to={paths.visitorPasses}>{i18n._('Your visitor passes')}</RouterLink>
        </Link>
      }
      intro={
        creating ? (
          <Text>
            {i18n._(
              'Your visitor books their own parking with the link, without an account. Each permit it makes counts towards your own limit.',
            )}
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
              label={i18n._(visitorPassFieldLabels.valid_from)}
              hint={i18n._('When the visitor may first use it.')}
            />
            <DateTimeInput
              name="valid_until"
              label={i18n._(visitorPassFieldLabels.valid_until)}
              hint={i18n._('At most {days} days after it starts.', {
                days: visitorPassRules.maxWindowDays,
              })}
            />
            <FormField
              name="name"
              label={i18n._(visitorPassFieldLabels.name)}
              autoComplete="off"
              required={false}
              helperText={
                // Where the site wants reference labels, a booking's reference starts with the
                // pass's name (server/visitor-passes/visitor-pass-visits.ts): the visitor sees it.
                siteSettings?.can_add_reference
                  ? i18n._(
                      'For your own reference, such as Mum or Plumber. Your visitor sees it in their booking’s reference.',
                    )
                  : i18n._('For your own reference, such as Mum or Plumber')
              }
            />
            <FormField
              name="uses"
              label={i18n._(visitorPassFieldLabels.uses)}
              autoComplete="off"
              helperText={i18n._(
                'How many permits your visitor may book with it, from 1 to {maxUses}',
                { maxUses: visitorPassRules.maxUses },
              )}
            />
            <FormSubmission
              label={i18n._('Create link')}
              busyLabel={i18n._('Creating link...')}
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
  const { i18n } = useLingui();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Text role="status" ref={ref} tabIndex={-1} outline="none">
      {i18n._('This visitor pass can no longer be used: its link no longer works.')}
    </Text>
  );
}

/** The pass once made: its link, what it allows, and "Withdraw" while it may still be used. */
function CreatedPass({ actor }: { actor: ActorRefFrom<typeof visitorPassMachine> }) {
  const { i18n } = useLingui();
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
          {i18n._(
            'It can book {count, plural, one {# permit} other {# permits}}, from {window} (UK time).',
            {
              count: pass.uses_left,
              window: passWindowText(pass, (message) => i18n._(message)),
            },
          )}
        </Text>
      )}
      {withdrawError && <ErrorAlert title={withdrawError} focusOnShow />}
      {usable && (
        <Button
          alignSelf="flex-start"
          variant="outline"
          colorPalette="red"
          loading={withdrawing}
          loadingText={i18n._('Withdrawing...')}
          onClick={() => actor.send({ type: 'WITHDRAW' })}
        >
          {i18n._('Withdraw')}
        </Button>
      )}
    </Stack>
  );
}
