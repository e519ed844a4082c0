import { Box, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { m, useReducedMotion } from 'framer-motion';
import { seriesProgress, type SeriesWeek } from '../../../../machines/permits/rules/weekly-series';
import { MotionScope } from '../../../ui/motion-scope';
import { forcedColoursOutline } from '../../../ui/forced-colours';

/**
 * "Creating 2 of 3…" while a weekly series goes out, announced politely, over a bar that fills
 * smoothly as each week is made (at once under reduced motion); nothing otherwise. Kept on its
 * own so the progress can be drawn differently without touching the form.
 */
export function SeriesProgress({ series }: { series: readonly SeriesWeek[] }) {
  const { i18n } = useLingui();
  const reduceMotion = useReducedMotion() ?? false;
  const progress = seriesProgress(series);
  const settled = series.filter((week) => week.outcome !== 'waiting').length;
  const share = series.length === 0 ? 0 : settled / series.length;
  return (
    <Box>
      <Text role="status" aria-live="polite">
        {progress && i18n._(progress)}
      </Text>
      {/* Decorative: the text above says the same to assistive technology. */}
      <Box
        aria-hidden="true"
        height="2"
        bg="gray.200"
        rounded="full"
        overflow="hidden"
        mt={2}
        _highContrast={{
          ...forcedColoursOutline,
          // The fill's colour is an inline style: only an important rule outweighs it.
          '& [data-series-progress]': {
            forcedColorAdjust: 'none',
            background: 'Highlight !important',
          },
        }}
      >
        <MotionScope>
          <m.div
            data-series-progress={share}
            style={{ height: '100%', background: 'var(--chakra-colors-teal-600)' }}
            initial={false}
            animate={{ width: `${Math.round(share * 100)}%` }}
            transition={reduceMotion ? { duration: 0 } : { duration: 0.4, ease: 'easeOut' }}
          />
        </MotionScope>
      </Box>
    </Box>
  );
}
