import {
  DataList,
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
import { SectionCard } from '../../ui/section-card';
import { forcedColoursFill, forcedColoursOutline } from '../../ui/forced-colours';

function permits(count: number): string {
  return count === 1 ? '1 permit' : `${count} permits`;
}

/** Words for the bar's colour, so it is never the only sign of how close the end is. */
function levelWarning(level: UsageLevel, what: string): string | null {
  if (level === 'critical') return `You are at or very close to your ${what}.`;
  if (level === 'high') return `You are getting close to your ${what}.`;
  return null;
}

function UsageProgress({ label, bar, what }: { label: string; bar: UsageBar; what: string }) {
  const usedText = `${bar.shownPercent}% used`;
  const warning = levelWarning(bar.level, what);
  return (
    <Stack gap={1}>
      {/* The width is capped at 100; the words carry the true share. */}
      <Progress.Root value={bar.width} max={100} colorPalette={bar.colour} size="lg">
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
    <Stat.Root>
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
  if (profile === null) {
    return (
      <SectionCard title="Available Permits">
        <Text>Your permit usage could not be loaded. Please try again later.</Text>
      </SectionCard>
    );
  }
  const usage = permitLimitUsage(profile);
  return (
    <SectionCard title="Available Permits">
      <BigFigure label="Available now" value={usage.available} />
      <UsageProgress label="Permit limit used" bar={usage.bar} what="permit limit" />
      <DataList.Root>
        <DataList.Item>
          <DataList.ItemLabel>Active registrations</DataList.ItemLabel>
          <DataList.ItemValue>{usage.active}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Queued permits</DataList.ItemLabel>
          <DataList.ItemValue>{queuedCount ?? 'Unavailable'}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </SectionCard>
  );
}

function ActivatedPermitsCard({ cap }: { cap: ActivationCapUsage | null }) {
  if (cap === null) {
    return (
      <SectionCard title="Activated Permits">
        <Text>Your activations could not be loaded. Please try again later.</Text>
      </SectionCard>
    );
  }
  return (
    <SectionCard title="Activated Permits">
      <BigFigure label={`Activated in ${cap.periodName}`} value={cap.used} />
      {cap.unlimited ? (
        <Stack gap={1}>
          <Text fontWeight="semibold">Unlimited</Text>
          <Text>There is no activation cap, so you can activate as many permits as you need.</Text>
        </Stack>
      ) : (
        <>
          <UsageProgress label="Activation cap used" bar={cap.bar} what="activation cap" />
          <Text>
            {cap.periodType === 'quarterly' ? 'Quarterly' : 'Monthly'} activation cap for{' '}
            {cap.periodName}: {cap.used} of {cap.cap} used, {cap.remaining} remaining.
          </Text>
        </>
      )}
    </SectionCard>
  );
}

function capExplanation(cap: ActivationCapUsage | null): string {
  if (cap === null) {
    return 'Activated Permits counts the permits activated in the current period.';
  }
  if (cap.unlimited) {
    return `Activated Permits counts the permits activated in ${cap.periodName}. There is no activation cap, so activations are unlimited.`;
  }
  const period = cap.periodType === 'quarterly' ? 'quarter' : 'month';
  return `Activated Permits counts the permits activated in ${cap.periodName}. You can activate ${permits(cap.cap)} each ${period}; once they are used, new permits cannot be activated until the next ${period} begins.`;
}

function WhatThisMeans({ cap }: { cap: ActivationCapUsage | null }) {
  return (
    <SectionCard title="What This Means">
      <List.Root gap={2} ps={5}>
        <List.Item>
          Available Permits is how many more permits you can hold at the same time. Every active,
          queued, scheduled or updating permit takes a place until it ends or is cancelled.
        </List.Item>
        <List.Item>{capExplanation(cap)}</List.Item>
        <List.Item>
          Queued permits are waiting for the parking provider to confirm them. They already take a
          place and count as activations.
        </List.Item>
        <List.Item>
          The bars turn orange at {usageThresholds.high}% and red at {usageThresholds.critical}%, so
          you can see when you are getting close.
        </List.Item>
      </List.Root>
    </SectionCard>
  );
}

function DashboardSkeleton() {
  return (
    <Stack role="status" aria-label="Loading your permit usage" aria-busy="true" gap={6}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
        <Skeleton height="56" borderRadius="l3" />
        <Skeleton height="56" borderRadius="l3" />
      </SimpleGrid>
      <SkeletonText noOfLines={4} />
    </Stack>
  );
}

function Greeting({ profile }: { profile: Profile | null }) {
  return (
    <Stack gap={1}>
      <Text textStyle="xl">
        {profile?.first_name ? `Welcome, ${profile.first_name}!` : 'Welcome!'}
      </Text>
      {profile?.email && <Text color="fg.muted">{profile.email}</Text>}
    </Stack>
  );
}

function capUsageOf(capInfo: PermitCapInfo | null): ActivationCapUsage | null {
  return capInfo === null ? null : activationCapUsage(capInfo);
}

/**
 * The dashboard (docs/contract.md §2, "Dashboard"; §3, §7 and §9): a greeting, the permits still
 * available under the limit with the active and queued counts, the activations in the cap period,
 * and what the figures mean.
 */
export function DashboardScreen() {
  const data = useDashboardData();
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
            <ActivatedPermitsCard cap={capUsageOf(data.capInfo)} />
          </SimpleGrid>
          <WhatThisMeans cap={capUsageOf(data.capInfo)} />
        </>
      )}
    </Stack>
  );
}
