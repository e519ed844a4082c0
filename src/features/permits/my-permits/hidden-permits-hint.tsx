import { Button, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { hiddenPermitsMachine } from '../../../../machines/permits/my-permits/hidden-permits-machine';
import type { PermitListFilters } from '../../../../machines/permits/my-permits/permit-list-filters';
import { useAppActor } from '../../../shell/app-machines';
import { hiddenPermitsActors } from './permit-list-actors';

/**
 * What the hint says, word for word (test/screens/features/permits/my-permits/hidden-permits-hint.test.tsx):
 * English ids, shown translated.
 */
export const hiddenPermitsTexts = {
  hidden: (count: number): MessageDescriptor => /*i18n*/ ({
    id: 'You have {count, plural, one {# permit} other {# permits}} created on other dates.',
    values: { count },
  }),
  showAllDates: /*i18n*/ 'Show all dates',
} as const;

/**
 * Said under My Permits' empty text when its date filters (by default "created today") hide
 * permits the resident has: how many, and "Show all dates", which clears the date filters
 * (`onShowAllDates`). The hidden-permits statechart counts them when the list is empty.
 */
export function HiddenPermitsHint({
  filters,
  onShowAllDates,
}: {
  filters: PermitListFilters;
  onShowAllDates: () => void;
}) {
  const { i18n } = useLingui();
  const actor = useAppActor('hiddenPermits', hiddenPermitsMachine, hiddenPermitsActors);
  // Mounted only under an empty list: each new set of filters is counted again.
  useEffect(() => {
    actor.send({ type: 'CHECK', filters });
  }, [actor, filters]);
  const hidden = useSelector(actor, (snapshot) =>
    snapshot.matches('counted') ? snapshot.context.hidden : 0,
  );
  if (hidden === 0) return null;
  return (
    <Stack gap={2} align="flex-start">
      <Text>{i18n._(hiddenPermitsTexts.hidden(hidden))}</Text>
      <Button variant="outline" onClick={onShowAllDates}>
        {i18n._(hiddenPermitsTexts.showAllDates)}
      </Button>
    </Stack>
  );
}
