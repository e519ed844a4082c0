import { Text } from '@chakra-ui/react';
import { seriesProgress, type SeriesWeek } from '../../../machines/permits/weekly-series';

/**
 * "Creating 2 of 3…" while a weekly series goes out, announced politely; nothing otherwise.
 * Kept on its own so the progress can be drawn differently without touching the form.
 */
export function SeriesProgress({ series }: { series: readonly SeriesWeek[] }) {
  const progress = seriesProgress(series);
  return (
    <Text role="status" aria-live="polite">
      {progress}
    </Text>
  );
}
