import { Badge } from '@chakra-ui/react';
import { badgeRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { permitStatusDisplay } from '../../machines/permits/rules/permit-status-table';
import { forcedColoursOutline } from './forced-colours';

/**
 * A permit's status with the label and colour of the status table of docs/contract.md §4. The
 * label is an English id (contract/permit-status.ts), shown in the reader's language; a status
 * the table does not know is shown as it came.
 */
export function PermitStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const { label, colour } = permitStatusDisplay(status);
  return (
    <Badge
      recipe={badgeRecipe}
      colorPalette={colour}
      variant="subtle"
      whiteSpace="nowrap"
      _highContrast={forcedColoursOutline}
    >
      {i18n._(label)}
    </Badge>
  );
}
