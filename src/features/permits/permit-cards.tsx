import { Card, DataList, HStack, List, Text } from '@chakra-ui/react';
import { permitDisplay } from '../../../machines/permits/permit-display';
import { AddAgainButton } from './add-again-button';
import { PermitRowActions, type PermitRowsProps } from './permit-row-actions';
import { PermitStatusBadge } from './permit-status-badge';

/** The list on narrow screens: one card a permit, with the same texts as the table's rows. */
export function PermitCards({ permits, actionsFor, onAction }: PermitRowsProps) {
  return (
    <List.Root hideFrom="md" role="list" listStyle="none" gap={3} aria-label="Permits">
      {permits.map((permit) => {
        const display = permitDisplay(permit);
        return (
          <List.Item key={permit.id}>
            <Card.Root size="sm" width="full">
              <Card.Body gap={3}>
                <HStack justify="space-between" gap={2}>
                  <Text fontWeight="bold">{display.registration}</Text>
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
                <PermitRowActions
                  registration={display.registration}
                  actions={actionsFor(permit)}
                  onAction={(action) => onAction(action, permit)}
                />
                <AddAgainButton permit={permit} />
              </Card.Body>
            </Card.Root>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
