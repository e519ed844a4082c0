import { memo } from 'react';
import { Card, DataList, HStack, List, Text } from '@chakra-ui/react';
import { m, useReducedMotion } from 'framer-motion';
import { permitDisplay } from '../../../../machines/permits/rules/permit-display';
import { type PermitRowsProps } from './permit-row-actions';
import { PermitRowButtons } from './permit-row-buttons';
import { VisitorPassMark } from './visitor-pass-mark';
import { PermitStatusBadge } from '../../../ui/permit-status-badge';
import { statusChangeMotion } from './status-change-motion';
import { useListInSteps } from '../../../ui/use-list-in-steps';

/**
 * About a phone's screenful of cards: what renders first. Profiled with 60 permits at 4x CPU, the
 * list's first render took 220-250 ms with 10 and 170-180 ms with 4.
 */
const permitsPerStep = 4;

/**
 * The list on narrow screens: one card a permit, with the same texts as the table's rows.
 * Drawn again only when its permits, highlights or handlers change: a self-refresh whose answer
 * says what the rows already say keeps the same list (machines/permits/my-permits/permit-lists-equal.ts).
 */
export const PermitCards = memo(function PermitCards({
  permits,
  changed,
  actionsFor,
  onAction,
  passNames,
}: PermitRowsProps) {
  const reduceMotion = useReducedMotion() ?? false;
  const shown = useListInSteps(permits, permitsPerStep);
  return (
    <List.Root role="list" listStyle="none" gap={3} aria-label="Permits">
      {shown.map((permit) => {
        const display = permitDisplay(permit);
        return (
          <List.Item key={permit.id} asChild rounded="md">
            <m.li {...statusChangeMotion(changed.has(permit.id), reduceMotion)}>
              {/* See-through, so that the list item's highlight shows behind the card. */}
              <Card.Root size="sm" width="full" bg="transparent">
                <Card.Body gap={3}>
                  <HStack justify="space-between" gap={2}>
                    <Text fontWeight="bold">
                      {display.registration}
                      <VisitorPassMark name={passNames.get(permit.id)} />
                    </Text>
                    <PermitStatusBadge status={permit.status} />
                  </HStack>
                  <DataList.Root orientation="horizontal" size="sm">
                    <DataList.Item>
                      <DataList.ItemLabel>Vehicle</DataList.ItemLabel>
                      <DataList.ItemValue>{display.vehicle}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>Reference</DataList.ItemLabel>
                      <DataList.ItemValue>{display.reference}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>Driver</DataList.ItemLabel>
                      <DataList.ItemValue>{display.driver}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>Start</DataList.ItemLabel>
                      <DataList.ItemValue>{display.start}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>End</DataList.ItemLabel>
                      <DataList.ItemValue>{display.end}</DataList.ItemValue>
                    </DataList.Item>
                  </DataList.Root>
                  <PermitRowButtons {...{ permit, permits, actionsFor, onAction }} />
                </Card.Body>
              </Card.Root>
            </m.li>
          </List.Item>
        );
      })}
    </List.Root>
  );
});
