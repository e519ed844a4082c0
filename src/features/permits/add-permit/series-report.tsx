import { Alert, List } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { seriesTexts, type SeriesWeek } from '../../../../machines/permits/rules/weekly-series';
import { readersText } from '../../../i18n/readers-text';

/**
 * After a weekly series of which some weeks were not made: each week by its start, made or not
 * (and why), and how to retry the rest. Announced at once, like any failure.
 */
export function SeriesReport({ series }: { series: readonly SeriesWeek[] }) {
  const { i18n } = useLingui();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{i18n._(seriesTexts.incompleteTitle)}</Alert.Title>
        <Alert.Description>
          <List.Root>
            {series.map((week) => (
              <List.Item key={week.key}>
                {week.outcome === 'made'
                  ? i18n._(seriesTexts.made(week.startsAt))
                  : i18n._(
                      seriesTexts.notMade(week.startsAt, readersText(i18n, week.reason ?? '')),
                    )}
              </List.Item>
            ))}
          </List.Root>
          {i18n._(seriesTexts.retry)}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
