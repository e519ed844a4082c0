import { Button, Card, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import type { EmailPreferenceKind } from '../../../../contract/email-preferences';
import { emailPreferencesMachine } from '../../../../machines/settings/email-preferences/email-preferences-machine';
import { useAppActor } from '../../../shell/app-machines';
import { LoadingStatus } from '../../../ui/loading-spinner';
import { emailPreferencesActors } from './email-preferences-actors';

const switchLabels: ReadonlyArray<[EmailPreferenceKind, string]> = [
  ['confirmations', /*i18n*/ 'E-mail me a confirmation'],
  ['reminders', /*i18n*/ 'E-mail me before a permit ends'],
];

/**
 * Settings' e-mail switches (machines/settings/email-preferences/email-preferences-machine.ts). Native checkboxes
 * with the switch role: each change is stored at once. Nothing at all is shown when the API host
 * does not offer e-mail preferences.
 */
export function EmailPreferencesCard() {
  const { i18n } = useLingui();
  const actor = useAppActor('emailPreferences', emailPreferencesMachine, emailPreferencesActors);
  const notOffered = useSelector(actor, (snapshot) => snapshot.matches('notOffered'));
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(actor, (snapshot) => snapshot.matches('loadFailed'));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const shown = useSelector(actor, (snapshot) => snapshot.context.shown);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  // After "Try again" the card stays while the choices load, its heading holding the focus that
  // the button had: the button goes.
  const [retried, setRetried] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  if (notOffered || (loading && !retried)) return null;
  return (
    <Card.Root>
      <Card.Body gap={3}>
        <Heading as="h2" size="lg" ref={heading} tabIndex={-1}>
          {i18n._('E-mails')}
        </Heading>
        <Text color="fg.muted">
          {i18n._('Free e-mails about your permits, as proof and as a reminder.')}
        </Text>
        {shown && (
          <Stack gap={2}>
            {switchLabels.map(([kind, label]) => (
              <HStack key={kind} as="label" gap={2} cursor="pointer">
                {/* Held with aria-disabled, not disabled, while a choice is stored: Chromium
                    moves a disabled control's focus to the page's body. The machine takes no
                    switch while saving, so a flip then goes back at once. */}
                <chakra.input
                  type="checkbox"
                  role="switch"
                  checked={shown[kind]}
                  aria-disabled={saving || undefined}
                  onChange={(event) =>
                    actor.send({ type: 'SWITCH', kind, on: event.target.checked })
                  }
                  accentColor="teal.600"
                  boxSize={4}
                />
                <span>{i18n._(label)}</span>
              </HStack>
            ))}
          </Stack>
        )}
        {loading && <LoadingStatus label={i18n._('Loading your e-mail choices')} />}
        {error && (
          <Text role="alert" color="red.700">
            {i18n._(error)}
          </Text>
        )}
        {loadFailed && (
          <Button
            alignSelf="flex-start"
            size="sm"
            onClick={() => {
              setRetried(true);
              actor.send({ type: 'RETRY' });
              heading.current?.focus();
            }}
          >
            {i18n._('Try again')}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
