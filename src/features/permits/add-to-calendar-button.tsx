import { Button, VisuallyHidden } from '@chakra-ui/react';
import type { Permit } from '../../../contract/permit';
import { permitIcs, permitIcsFileName } from '../../../machines/permits/permit-ics';
import { useClock } from '../../shell/app-machines';
import { downloadTextFile } from '../../ui/download-text-file';

/** "Add to calendar" on a permit's row: its .ics file (machines/permits/permit-ics.ts). */
export function AddToCalendarButton({ permit }: { permit: Permit }) {
  const clock = useClock();
  return (
    <Button
      size="xs"
      variant="ghost"
      onClick={() =>
        downloadTextFile(
          permitIcsFileName(permit),
          'text/calendar;charset=utf-8',
          permitIcs(permit, clock()),
        )
      }
    >
      Add to calendar
      <VisuallyHidden> permit {permit.vrm.toUpperCase()}</VisuallyHidden>
    </Button>
  );
}
