import { Badge } from '@chakra-ui/react';
import { permitStatusDisplay } from '../../machines/permits/rules/permit-status-table';
import { forcedColoursOutline } from './forced-colours';

/** A permit's status with the label and colour of the status table of docs/contract.md §4. */
export function PermitStatusBadge({ status }: { status: string }) {
  const { label, colour } = permitStatusDisplay(status);
  return (
    <Badge
      colorPalette={colour}
      variant="subtle"
      whiteSpace="nowrap"
      _highContrast={forcedColoursOutline}
    >
      {label}
    </Badge>
  );
}
