import { useLingui } from '@lingui/react';
import { DetailsList } from './details-list';
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
    <DetailsList
      size={size}
      rows={[
        ...rows,
        { label: i18n._('Status'), value: <PermitStatusBadge status={status} />, live: liveStatus },
      ]}
    />
  );
}
