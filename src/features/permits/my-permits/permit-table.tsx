import { memo } from 'react';
import { Table } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { m } from 'framer-motion';
import { type PermitRowsProps } from './permit-row-actions';
import { PermitRowButtons } from './permit-row-buttons';
import { PermitStatusBadge } from '../../../ui/permit-status-badge';
import { useShownPermitRows } from './use-shown-permit-rows';
import { VisitorPassMark } from './visitor-pass-mark';
import { shownPermitText } from './shown-permit-text';

/** About a screenful of rows: what renders first. */
const permitsPerStep = 15;

/**
 * The list on wide screens: one permit a row (docs/contract.md §2, "My Permits": "Each row").
 * Drawn again only when its permits, highlights or handlers change: a self-refresh whose answer
 * says what the rows already say keeps the same list (machines/permits/my-permits/permit-lists-equal.ts).
 */
export const PermitTable = memo(function PermitTable(props: PermitRowsProps) {
  const { i18n } = useLingui();
  const rows = useShownPermitRows(props, permitsPerStep);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label={i18n._('Permits')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{i18n._('Registration')}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._('Vehicle')}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._('Reference')}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._('Status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._('Driver')}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._('Start')}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._('End')}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._('Actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ permit, display, motion }) => (
            <Table.Row key={permit.id} asChild>
              <m.tr {...motion}>
                <Table.Cell fontWeight="semibold">
                  {display.registration}
                  <VisitorPassMark name={props.passNames.get(permit.id)} />
                </Table.Cell>
                <Table.Cell>{display.vehicle}</Table.Cell>
                <Table.Cell>{shownPermitText(i18n, display.reference)}</Table.Cell>
                <Table.Cell>
                  <PermitStatusBadge status={permit.status} />
                </Table.Cell>
                <Table.Cell>{shownPermitText(i18n, display.driver)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{shownPermitText(i18n, display.start)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{shownPermitText(i18n, display.end)}</Table.Cell>
                <Table.Cell>
                  <PermitRowButtons {...props} permit={permit} />
                </Table.Cell>
              </m.tr>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
});
