import { memo } from 'react';
import { Card, HStack, List, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { m } from 'framer-motion';
import type { PermitDisplay } from '../../../../machines/permits/rules/permit-display';
import { type PermitRowsProps } from './permit-row-actions';
import { PermitRowButtons } from './permit-row-buttons';
import { DetailsList } from '../../../ui/details-list';
import { PermitStatusBadge } from '../../../ui/permit-status-badge';
import { useShownPermitRows } from './use-shown-permit-rows';
import { VisitorPassMark } from './visitor-pass-mark';
import { shownPermitText } from './shown-permit-text';

/**
 * About a phone's screenful of cards: what renders first. Profiled with 60 permits at 4x CPU, the
 * list's first render took 220-250 ms with 10 and 170-180 ms with 4.
 */
const permitsPerStep = 4;

/** What a card lists under its registration and status: the table's other texts, in its order. */
const cardDetails: readonly { label: string; text: Exclude<keyof PermitDisplay, 'status'> }[] = [
  { label: /*i18n*/ 'Vehicle', text: 'vehicle' },
  { label: /*i18n*/ 'Reference', text: 'reference' },
  { label: /*i18n*/ 'Driver', text: 'driver' },
  { label: /*i18n*/ 'Start', text: 'start' },
  { label: /*i18n*/ 'End', text: 'end' },
];

/**
 * The list on narrow screens: one card a permit, with the same texts as the table's rows.
 * Drawn again only when its permits, highlights or handlers change: a self-refresh whose answer
 * says what the rows already say keeps the same list (machines/permits/my-permits/permit-lists-equal.ts).
 */
export const PermitCards = memo(function PermitCards(props: PermitRowsProps) {
  const { i18n } = useLingui();
  const rows = useShownPermitRows(props, permitsPerStep);
  return (
    <List.Root role="list" listStyle="none" gap={3} aria-label={i18n._('Permits')}>
      {rows.map(({ permit, display, motion }) => (
        <List.Item key={permit.id} asChild rounded="md">
          <m.li {...motion}>
            {/* See-through, so that the list item's highlight shows behind the card. */}
            <Card.Root size="sm" width="full" bg="transparent">
              <Card.Body gap={3}>
                <HStack justify="space-between" gap={2}>
                  <Text fontWeight="bold">
                    {display.registration}
                    <VisitorPassMark name={props.passNames.get(permit.id)} />
                  </Text>
                  <PermitStatusBadge status={permit.status} />
                </HStack>
                <DetailsList
                  size="sm"
                  rows={cardDetails.map(({ label, text }) => ({
                    label: i18n._(label),
                    value: shownPermitText(i18n, display[text]),
                  }))}
                />
                <PermitRowButtons {...props} permit={permit} />
              </Card.Body>
            </Card.Root>
          </m.li>
        </List.Item>
      ))}
    </List.Root>
  );
});
