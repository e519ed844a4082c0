import { Button } from '@chakra-ui/react';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
          permitIcs(series, clock(), (message) => i18n._(message)),
        )
      }
    >
      {series.length > 1
        ? i18n._('Add {weeks, plural, other {# weeks}} to calendar', { weeks: series.length })
        : i18n._('Add to calendar')}
      <VisuallyHidden>
        {' '}
        {i18n._('permit {registration}', { registration: permit.vrm.toUpperCase() })}
      </VisuallyHidden>
    </Button>
  );
}
