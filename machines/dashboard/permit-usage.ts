import type { Profile } from '../../contract/auth';
import type { PermitCapInfo } from '../../contract/permit';

/** The Chakra colour palettes the dashboard's bars are painted with. */
export type UsageColour = 'green' | 'blue' | 'orange' | 'red';

/**
 * How close a bar is to its end. The screen says it in words too, so the colour is never the only
 * sign (WCAG 1.4.1).
 */
export type UsageLevel = 'normal' | 'high' | 'critical';

/** docs/contract.md §9: orange at 70 % or more, red at 90 % or more. */
export const usageThresholds = { high: 70, critical: 90 } as const;

function usageLevel(percent: number): UsageLevel {
  if (percent >= usageThresholds.critical) return 'critical';
  if (percent >= usageThresholds.high) return 'high';
  return 'normal';
}

/** A bar's fill: the share used, the width drawn (never past the end) and its look. */
export interface UsageBar {
  /** used / limit × 100, unrounded; above 100 when more is used than allowed. */
  percent: number;
  /** The percentage people read: rounded down, so the words never run ahead of the colour. */
  shownPercent: number;
  /** How much of the track the bar fills, 0–100. */
  width: number;
  level: UsageLevel;
  colour: UsageColour;
}

function usageBar(used: number, limit: number, colourBelowHigh: UsageColour): UsageBar {
  const percent = limit > 0 ? (used / limit) * 100 : 0;
  const level = usageLevel(percent);
  const colours: Record<UsageLevel, UsageColour> = {
    normal: colourBelowHigh,
    high: 'orange',
    critical: 'red',
  };
  return {
    percent,
    shownPercent: Math.floor(percent),
    width: Math.min(100, Math.max(0, percent)),
    level,
    colour: colours[level],
  };
}

/** The dashboard's limit bar (docs/contract.md §9). The limit itself is deliberately left out. */
export interface PermitLimitUsage {
  /** Permits the resident may still hold at once: limit − active registrations, at least 0. */
  available: number;
  /** Permits holding a place under the limit (the profile's active_registrations). */
  active: number;
  bar: UsageBar;
}

export function permitLimitUsage(
  profile: Pick<Profile, 'active_registrations' | 'permit_limit'>,
): PermitLimitUsage {
  const active = profile.active_registrations;
  return {
    available: Math.max(0, profile.permit_limit - active),
    active,
    bar: usageBar(active, profile.permit_limit, 'green'),
  };
}

/** docs/contract.md §3: "quarterly", anything else is monthly. */
export type CapPeriodType = 'monthly' | 'quarterly';

interface CapUsageBase {
  /** Activations counted in the current period. */
  used: number;
  periodName: string;
  periodType: CapPeriodType;
}

/** The dashboard's activation cap bar (docs/contract.md §3 and §9). A cap of 0 means unlimited. */
export type ActivationCapUsage =
  | (CapUsageBase & { unlimited: true })
  | (CapUsageBase & { unlimited: false; cap: number; remaining: number; bar: UsageBar });

export function activationCapUsage(info: PermitCapInfo): ActivationCapUsage {
  const base: CapUsageBase = {
    used: info.permits_used,
    periodName: info.period_name,
    periodType: info.permit_cap_type === 'quarterly' ? 'quarterly' : 'monthly',
  };
  if (info.permit_cap_limit === 0) return { ...base, unlimited: true };
  return {
    ...base,
    unlimited: false,
    cap: info.permit_cap_limit,
    remaining: info.permits_remaining ?? Math.max(0, info.permit_cap_limit - info.permits_used),
    bar: usageBar(info.permits_used, info.permit_cap_limit, 'blue'),
  };
}
