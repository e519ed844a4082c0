import { Button, VisuallyHidden } from '@chakra-ui/react';
import type { Permit } from '../../../../contract/permit';
import { permitIcs, permitIcsFileName } from '../../../../machines/permits/rules/permit-ics';
import { weeklySeriesOf } from '../../../../machines/permits/rules/weekly-series';
import { useClock } from '../../../shell/app-machines';
import { downloadTextFile } from '../../../ui/download-text-file';

/**
 * "Add to calendar" on a permit's row: its .ics file (machines/permits/rules/permit-ics.ts). A permit of
 * a weekly series among `permits` brings the whole series in one file, and says how many weeks.
 */
export function AddToCalendarButton({
  permit,
  permits,
}: {
  permit: Permit;
  permits: readonly Permit[];
}) {
  const clock = useClock();
  const series = weeklySeriesOf(permit, permits);
  return (
    <Button
      size="xs"
      variant="ghost"
      onClick={() =>
        downloadTextFile(
          permitIcsFileName(permit, series.length > 1),
          'text/calendar;charset=utf-8',
          permitIcs(series, clock()),
        )
      }
    >
      {series.length > 1 ? `Add ${series.length} weeks to calendar` : 'Add to calendar'}
      <VisuallyHidden> permit {permit.vrm.toUpperCase()}</VisuallyHidden>
    </Button>
  );
}
