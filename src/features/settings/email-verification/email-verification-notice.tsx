import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import {
  emailVerificationMachine,
  emailVerificationTexts,
} from '../../../../machines/settings/email-verification/email-verification-machine';
import { useAppActor } from '../../../shell/app-machines';
import { useFocusBackAfterBusy } from '../../../ui/use-focus-back-after-busy';
import { emailVerificationActors } from './email-verification-actors';

/**
 * Says that the resident's e-mail address is not confirmed, so no permit e-mails go to it, and
 * offers "Send the link again" (machines/settings/email-verification/email-verification-machine.ts). Nothing is shown
 * when the address is confirmed or the API host does not offer address confirmation.
 */
export function EmailVerificationNotice() {
  const { i18n } = useLingui();
  const actor = useAppActor('emailVerification', emailVerificationMachine, emailVerificationActors);
  const unconfirmed = useSelector(actor, (snapshot) => snapshot.matches('unconfirmed'));
  const sending = useSelector(actor, (snapshot) => snapshot.matches('sending'));
  const sent = useSelector(actor, (snapshot) => snapshot.matches({ unconfirmed: 'sent' }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ unconfirmed: 'failed' }));
  const tooMany = useSelector(actor, (snapshot) => snapshot.matches({ unconfirmed: 'tooMany' }));
  const button = useFocusBackAfterBusy<HTMLButtonElement>(sending);
  if (!unconfirmed && !sending) return null;
  return (
    <Alert.Root status="warning" role="region" aria-label={i18n._(emailVerificationTexts.heading)}>
      <Alert.Content>
        <Stack gap={2}>
          <Alert.Title as="h2">{i18n._(emailVerificationTexts.heading)}</Alert.Title>
          <Alert.Description>{i18n._(emailVerificationTexts.notice)}</Alert.Description>
          <Button
            ref={button}
            alignSelf="flex-start"
            size="sm"
            loading={sending}
            loadingText={i18n._(emailVerificationTexts.sending)}
            onClick={() => actor.send({ type: 'SEND_AGAIN' })}
          >
            {i18n._(emailVerificationTexts.sendAgain)}
          </Button>
          <Text role="status">{sent ? i18n._(emailVerificationTexts.sent) : ''}</Text>
          {(failed || tooMany) && (
            <Text role="alert" color="red.700">
              {tooMany
                ? i18n._(emailVerificationTexts.tooMany)
                : i18n._(emailVerificationTexts.sendFailed)}
            </Text>
          )}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
