import { DataList } from '@chakra-ui/react';
import { dataListSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { PermitStatusBadge } from './permit-status-badge';

/**
 * A permit's details, a label and a value a row, then its status as a badge: the permit the
 * update dialog changes, the visitor's booked permit. With `liveStatus` a change of status is
 * announced (a page that looks again while the permit is being set up). The rows' labels come
 * in the reader's language.
 */
export function PermitDetailsList({
  rows,
  status,
  size,
  liveStatus = false,
}: {
  rows: ReadonlyArray<{ label: string; value: string }>;
  status: string;
  size?: 'sm' | 'md';
  liveStatus?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <DataList.Root recipe={dataListSlotRecipe} orientation="horizontal" size={size}>
      {rows.map(({ label, value }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
      <DataList.Item>
        <DataList.ItemLabel>{i18n._('Status')}</DataList.ItemLabel>
        <DataList.ItemValue aria-live={liveStatus ? 'polite' : undefined}>
          <PermitStatusBadge status={status} />
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}
