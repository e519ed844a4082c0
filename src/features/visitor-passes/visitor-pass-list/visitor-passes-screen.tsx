import { Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { VisitorPass } from '../../../../contract/visitor-pass';
import { visitorPassListMachine } from '../../../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { visitorPassMachine } from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-machine';
import {
  passName,
  passWindowText,
  unnamedPassName,
  visitorPassStateLabels,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-rules';
import { PageHeader } from '../../../shell/page-header';
import { paths } from '../../../shell/pages';
import { useAppActor } from '../../../shell/app-machines';
import { visitorPassListActors } from '../../../shared/visitor-pass-list-actors';
import { useConnectionEvents } from '../../../shared/use-connection-events';
import { ErrorAlert } from '../../../ui/error-alert';
import { visitorPassActors } from '../visitor-pass/visitor-pass-actors';
import { LoadingStatus } from '../../../ui/loading-spinner';
import { focusPageHeading } from '../../../ui/focus-page-heading';
import { useFocusBackAfterBusy } from '../../../ui/use-focus-back-after-busy';

/**
 * One pass of the list: its name, window (London time), uses left and state, and "Withdraw" while
 * it may still be used. Each row runs the pass's own statechart, started in the state the host
 * gives it (machines/visitor-passes/visitor-pass/visitor-pass-machine.ts).
 */
function VisitorPassRow({ listed }: { listed: VisitorPass }) {
  const { i18n } = useLingui();
  const actor = useAppActor('visitorPass', visitorPassMachine, visitorPassActors, {
    input: { pass: listed },
  });
  const pass = useSelector(actor, (snapshot) => snapshot.context.pass) ?? listed;
  const ready = useSelector(actor, (snapshot) => snapshot.matches('ready'));
  const withdrawing = useSelector(actor, (snapshot) => snapshot.matches('withdrawing'));
  const error = useSelector(actor, (snapshot) =>
    snapshot.matches('ready') ? snapshot.context.errorMessage : null,
  );
  // A pass the resident named is shown as they wrote it; only the default name is translated.
  const named = passName(pass);
  const name = named === unnamedPassName ? i18n._(unnamedPassName) : named;
  // "Withdraw" goes once the pass is withdrawn: focus moves to the state it now shows, never to
  // the page's body.
  const stateCell = useRef<HTMLTableCellElement>(null);
  // A withdrawal refused leaves the button: the focus goes back to it.
  const withdrawButton = useFocusBackAfterBusy<HTMLButtonElement>(withdrawing);
  const wasWithdrawing = useRef(false);
  useEffect(() => {
    if (withdrawing) wasWithdrawing.current = true;
    else if (wasWithdrawing.current && !ready) stateCell.current?.focus();
  }, [withdrawing, ready]);
  return (
    <Table.Row>
      <Table.Cell fontWeight="semibold">{name}</Table.Cell>
      <Table.Cell>{passWindowText(pass, (message) => i18n._(message))}</Table.Cell>
      <Table.Cell>{pass.uses_left}</Table.Cell>
      <Table.Cell ref={stateCell} tabIndex={-1} outline="none">
        {i18n._(visitorPassStateLabels[pass.state])}
      </Table.Cell>
      <Table.Cell>
        {(ready || withdrawing) && (
          <Button
            ref={withdrawButton}
            size="xs"
            variant="outline"
            colorPalette="red"
            loading={withdrawing}
            loadingText={i18n._('Withdrawing...')}
            aria-label={i18n._('Withdraw {name}', { name })}
            onClick={() => actor.send({ type: 'WITHDRAW' })}
          >
            {i18n._('Withdraw')}
          </Button>
        )}
        {error && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {i18n._(error)}
          </Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * The passes in a table, newest first, as the host lists them, and a line below when the host
 * left out older ones that can no longer be used (visitorPassRules.listedEndedPasses).
 */
function VisitorPassTable({
  passes,
  endedPassesLeftOut,
}: {
  passes: readonly VisitorPass[];
  endedPassesLeftOut: boolean;
}) {
  const { i18n } = useLingui();
  if (passes.length === 0) return <Text>{i18n._('You have not sent a visitor pass yet.')}</Text>;
  return (
    <Stack gap={3}>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root recipe={tableSlotRecipe} size="sm" aria-label={i18n._('Visitor passes')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{i18n._('Name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{i18n._('When it may be used (UK time)')}</Table.ColumnHeader>
              <Table.ColumnHeader>{i18n._('Uses left')}</Table.ColumnHeader>
              <Table.ColumnHeader>{i18n._('State')}</Table.ColumnHeader>
              <Table.ColumnHeader>{i18n._('Actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {passes.map((pass) => (
              <VisitorPassRow key={pass.id} listed={pass} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {endedPassesLeftOut && (
        <Text>{i18n._('Older passes that can no longer be used are not shown.')}</Text>
      )}
    </Stack>
  );
}

/**
 * "Visitor passes" (docs/contract.md, "Visitor passes"), reached from My Permits: the passes the
 * resident has sent, with "Send a visitor pass". A host without visitor passes shows that it has
 * none (My Permits offers no way here then).
 */
export function VisitorPassesScreen() {
  const { i18n } = useLingui();
  const actor = useAppActor('visitorPassList', visitorPassListMachine, visitorPassListActors);
  useConnectionEvents(actor);
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const notOffered = useSelector(actor, (snapshot) => snapshot.matches('notOffered'));
  const passes = useSelector(actor, (snapshot) => snapshot.context.passes);
  const endedPassesLeftOut = useSelector(actor, (snapshot) => snapshot.context.endedPassesLeftOut);
  return (
    <Stack gap={6}>
      <Link asChild color="teal.700" alignSelf="flex-start">
        <RouterLink to={paths.myPermits}>{i18n._('Back to Permits')}</RouterLink>
      </Link>
      <PageHeader path={paths.visitorPasses}>
        {!notOffered && (
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.sendVisitorPass}>{i18n._('Send a visitor pass')}</RouterLink>
          </Button>
        )}
      </PageHeader>
      {loading ? (
        <LoadingStatus label={i18n._('Loading visitor passes')} />
      ) : notOffered ? (
        <Text>{i18n._('Visitor passes are not offered here.')}</Text>
      ) : failed ? (
        <Stack gap={3} alignItems="flex-start">
          <ErrorAlert
            title={i18n._('Your visitor passes could not be loaded. Please try again.')}
          />
          <HStack>
            <Button
              size="sm"
              onClick={() => {
                actor.send({ type: 'RETRY' });
                // The button goes while the passes load: the focus goes to the page's heading.
                focusPageHeading();
              }}
            >
              {i18n._('Try again')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <VisitorPassTable passes={passes} endedPassesLeftOut={endedPassesLeftOut} />
      )}
    </Stack>
  );
}
