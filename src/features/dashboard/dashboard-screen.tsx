import {
  HStack,
  List,
  Progress,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { progressSlotRecipe, skeletonRecipe, statSlotRecipe } from '@chakra-ui/react/theme';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Profile } from '../../../contract/auth';
import {
  activationCapUsage,
  permitLimitUsage,
  usageThresholds,
  type ActivationCapUsage,
  type UsageBar,
  type UsageLevel,
} from '../../../machines/dashboard/permit-usage';
import type { PermitCapInfo } from '../../../contract/permit';
import { useDashboardData } from './use-dashboard-data';
import { PageHeader } from '../../shell/page-header';
import { paths } from '../../shell/pages';
import { DetailsList } from '../../ui/details-list';
import { SectionCard } from '../../ui/section-card';
import { forcedColoursFill, forcedColoursOutline } from '../../ui/forced-colours';
import { capPeriodName } from '../../i18n/cap-period-name';

/**
 * Words for the bar's colour, so it is never the only sign of how close the end is: a whole
 * sentence for each level and each bar, already in the reader's language, so no translation has
 * to fit a limit's name into a sentence written for English.
 */
type LevelWarnings = Readonly<Record<Exclude<UsageLevel, 'normal'>, string>>;

function UsageProgress({
  label,
  bar,
  warnings,
}: {
  label: string;
  bar: UsageBar;
  warnings: LevelWarnings;
}) {
  const { i18n } = useLingui();
  const usedText = i18n._('{percent}% used', { percent: bar.shownPercent });
  const warning = bar.level === 'normal' ? null : warnings[bar.level];
  return (
    <Stack gap={1}>
      {/* The width is capped at 100; the words carry the true share. */}
      <Progress.Root
        recipe={progressSlotRecipe}
        value={bar.width}
        max={100}
        colorPalette={bar.colour}
        size="lg"
      >
        <HStack justify="space-between">
          <Progress.Label>{label}</Progress.Label>
          <Text textStyle="sm">{usedText}</Text>
        </HStack>
        {/* Forced colours paint every background the page's own colour: the track keeps an
            outline and the filled part takes the system's highlight colour. */}
        <Progress.Track
          aria-label={label}
          aria-valuetext={usedText}
          _highContrast={forcedColoursOutline}
        >
          <Progress.Range _highContrast={forcedColoursFill} />
        </Progress.Track>
      </Progress.Root>
      {warning && (
        <Text textStyle="sm" color={`${bar.colour}.fg`}>
          {warning}
        </Text>
      )}
    </Stack>
  );
}

function BigFigure({ label, value }: { label: string; value: number }) {
  return (
    <Stat.Root recipe={statSlotRecipe}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText textStyle="4xl">{value}</Stat.ValueText>
    </Stat.Root>
  );
}

/** The permit limit bar (docs/contract.md §9). The limit itself is not shown (docs/contract.md §1, §9). */
function AvailablePermitsCard({
  profile,
  queuedCount,
}: {
  profile: Profile | null;
  queuedCount: number | null;
}) {
  const { i18n } = useLingui();
  if (profile === null) {
    return (
      <SectionCard title={i18n._('Available Permits')}>
        <Text>{i18n._('Your permit usage could not be loaded. Please try again later.')}</Text>
      </SectionCard>
    );
  }
  const usage = permitLimitUsage(profile);
  return (
    <SectionCard title={i18n._('Available Permits')}>
      <BigFigure label={i18n._('Available now')} value={usage.available} />
      <UsageProgress
        label={i18n._('Permit limit used')}
        bar={usage.bar}
        warnings={{
          high: i18n._('You are getting close to your permit limit.'),
          critical: i18n._('You are at or very close to your permit limit.'),
        }}
      />
      <DetailsList
        orientation="vertical"
        rows={[
          { label: i18n._('Active registrations'), value: usage.active },
          { label: i18n._('Queued permits'), value: queuedCount ?? i18n._('Unavailable') },
        ]}
      />
    </SectionCard>
  );
}

function ActivatedPermitsCard({ cap }: { cap: ActivationCapUsage | null }) {
  const { i18n } = useLingui();
  if (cap === null) {
    return (
      <SectionCard title={i18n._('Activated Permits')}>
        <Text>{i18n._('Your activations could not be loaded. Please try again later.')}</Text>
      </SectionCard>
    );
  }
  return (
    <SectionCard title={i18n._('Activated Permits')}>
      <BigFigure
        label={i18n._('Activated in {periodName}', { periodName: cap.periodName })}
        value={cap.used}
      />
      {cap.unlimited ? (
        <Stack gap={1}>
          <Text fontWeight="semibold">{i18n._('Unlimited')}</Text>
          <Text>
            {i18n._('There is no activation cap, so you can activate as many permits as you need.')}
          </Text>
        </Stack>
      ) : (
        <>
          <UsageProgress
            label={i18n._('Activation cap used')}
            bar={cap.bar}
            warnings={{
              high: i18n._('You are getting close to your activation cap.'),
              critical: i18n._('You are at or very close to your activation cap.'),
            }}
          />
          <CapSummary cap={cap} />
        </>
      )}
    </SectionCard>
  );
}

/** The cap in one sentence; one message per period type, the period being a word of it. */
function CapSummary({ cap }: { cap: Extract<ActivationCapUsage, { unlimited: false }> }) {
  const { i18n } = useLingui();
  const figures = {
    periodName: cap.periodName,
    used: cap.used,
    cap: cap.cap,
    remaining: cap.remaining,
  };
  return (
    <Text>
      {cap.periodType === 'quarterly'
        ? i18n._(
            'Quarterly activation cap for {periodName}: {used} of {cap} used, {remaining} remaining.',
            figures,
          )
        : i18n._(
            'Monthly activation cap for {periodName}: {used} of {cap} used, {remaining} remaining.',
            figures,
          )}
    </Text>
  );
}

function CapExplanation({ cap }: { cap: ActivationCapUsage | null }) {
  const { i18n } = useLingui();
  if (cap === null) {
    return i18n._('Activated Permits counts the permits activated in the current period.');
  }
  const { periodName } = cap;
  if (cap.unlimited) {
    return i18n._(
      'Activated Permits counts the permits activated in {periodName}. There is no activation cap, so activations are unlimited.',
      { periodName },
    );
  }
  // One sentence per period: the period's name is a word of the sentence, not a value.
  return cap.periodType === 'quarterly'
    ? i18n._(
        'Activated Permits counts the permits activated in {periodName}. You can activate {count, plural, one {# permit} other {# permits}} each quarter; once they are used, new permits cannot be activated until the next quarter begins.',
        { periodName, count: cap.cap },
      )
    : i18n._(
        'Activated Permits counts the permits activated in {periodName}. You can activate {count, plural, one {# permit} other {# permits}} each month; once they are used, new permits cannot be activated until the next month begins.',
        { periodName, count: cap.cap },
      );
}

function WhatThisMeans({ cap }: { cap: ActivationCapUsage | null }) {
  const { i18n } = useLingui();
  return (
    <SectionCard title={i18n._('What This Means')}>
      <List.Root gap={2} ps={5}>
        <List.Item>
          {i18n._(
            'Available Permits is how many more permits you can hold at the same time. Every active, queued, scheduled or updating permit takes a place until it ends or is cancelled.',
          )}
        </List.Item>
        <List.Item>
          <CapExplanation cap={cap} />
        </List.Item>
        <List.Item>
          {i18n._(
            'Queued permits are waiting for the parking provider to confirm them. They already take a place and count as activations.',
          )}
        </List.Item>
        <List.Item>
          {i18n._(
            'The bars turn orange at {high}% and red at {critical}%, so you can see when you are getting close.',
            usageThresholds,
          )}
        </List.Item>
      </List.Root>
    </SectionCard>
  );
}

function DashboardSkeleton() {
  const { i18n } = useLingui();
  return (
    <Stack role="status" aria-label={i18n._('Loading your permit usage')} aria-busy="true" gap={6}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
        <Skeleton recipe={skeletonRecipe} height="56" borderRadius="l3" />
        <Skeleton recipe={skeletonRecipe} height="56" borderRadius="l3" />
      </SimpleGrid>
      <SkeletonText recipe={skeletonRecipe} noOfLines={4} />
    </Stack>
  );
}

function Greeting({ profile }: { profile: Profile | null }) {
  const { i18n } = useLingui();
  return (
    <Stack gap={1}>
      <Text textStyle="xl">
        {profile?.first_name
          ? i18n._('Welcome, {firstName}!', { firstName: profile.first_name })
          : i18n._('Welcome!')}
      </Text>
      {profile?.email && <Text color="fg.muted">{profile.email}</Text>}
    </Stack>
  );
}

/** The cap's usage, its period named in the reader's language ("Tachwedd 2026"). */
function capUsageOf(i18n: I18n, capInfo: PermitCapInfo | null): ActivationCapUsage | null {
  if (capInfo === null) return null;
  return activationCapUsage({ ...capInfo, period_name: capPeriodName(i18n, capInfo.period_name) });
}

/**
 * The dashboard (docs/contract.md §2, "Dashboard"; §3, §7 and §9): a greeting, the permits still
 * available under the limit with the active and queued counts, the activations in the cap period,
 * and what the figures mean.
 */
export function DashboardScreen() {
  const { i18n } = useLingui();
  const data = useDashboardData();
  const cap = data.loading ? null : capUsageOf(i18n, data.capInfo);
  return (
    <Stack gap={6}>
      <Stack gap={2}>
        <PageHeader path={paths.dashboard} />
        <Greeting profile={data.profile} />
      </Stack>
      {data.loading ? (
        <DashboardSkeleton />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
            <AvailablePermitsCard profile={data.profile} queuedCount={data.queuedCount} />
            <ActivatedPermitsCard cap={cap} />
          </SimpleGrid>
          <WhatThisMeans cap={cap} />
        </>
      )}
    </Stack>
  );
}
