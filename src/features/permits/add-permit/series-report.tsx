import { Alert, List } from '@chakra-ui/react';
import { seriesTexts, type SeriesWeek } from '../../../../machines/permits/rules/weekly-series';

/**
 * After a weekly series of which some weeks were not made: each week by its start, made or not
 * (and why), and how to retry the rest. Announced at once, like any failure.
 */
export function SeriesReport({ series }: { series: readonly SeriesWeek[] }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{seriesTexts.incompleteTitle}</Alert.Title>
        <Alert.Description>
          <List.Root>
            {series.map((week) => (
              <List.Item key={week.key}>
                {week.outcome === 'made'
                  ? seriesTexts.made(week.startsAt)
                  : seriesTexts.notMade(week.startsAt, week.reason ?? '')}
              </List.Item>
            ))}
          </List.Root>
          {seriesTexts.retry}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
