import { activationCapUsage, permitLimitUsage } from '../../../machines/dashboard/permit-usage';
import type { PermitCapInfo } from '../../../contract/permit';

const monthlyCap: PermitCapInfo = {
  permits_used: 3,
  permit_cap_limit: 10,
  permits_remaining: 7,
  period_name: 'November 2026',
  permit_cap_type: 'monthly',
};

describe('permitLimitUsage', () => {
  test('available is the limit minus the active registrations', () => {
    const usage = permitLimitUsage({ active_registrations: 3, permit_limit: 8 });

    expect(usage.available).toBe(5);
    expect(usage.active).toBe(3);
    expect(usage.bar.percent).toBe(37.5);
    expect(usage.bar.shownPercent).toBe(37);
    expect(usage.bar.width).toBe(37.5);
  });

  test('available never goes below 0 and the bar never runs past its end', () => {
    const usage = permitLimitUsage({ active_registrations: 7, permit_limit: 5 });

    expect(usage.available).toBe(0);
    expect(usage.bar.percent).toBe(140);
    expect(usage.bar.width).toBe(100);
    expect(usage.bar.colour).toBe('red');
  });

  test('with no limit the percentage is 0 and nothing is available', () => {
    const usage = permitLimitUsage({ active_registrations: 2, permit_limit: 0 });

    expect(usage.available).toBe(0);
    expect(usage.bar).toEqual({
      percent: 0,
      shownPercent: 0,
      width: 0,
      level: 'normal',
      colour: 'green',
    });
  });

  test.each([
    [0, 100, 'normal', 'green'],
    [69, 100, 'normal', 'green'],
    [70, 100, 'high', 'orange'],
    [89, 100, 'high', 'orange'],
    [90, 100, 'critical', 'red'],
    [100, 100, 'critical', 'red'],
    // Exactly 70 % and 90 % of a limit other than 100.
    [7, 10, 'high', 'orange'],
    [9, 10, 'critical', 'red'],
    // 69.9… % and 89.9… %: just below a threshold stays below it, in colour and in words.
    [699, 1000, 'normal', 'green'],
    [899, 1000, 'high', 'orange'],
  ] as const)('%i of %i in use is %s, painted %s', (active, limit, level, colour) => {
    const { bar } = permitLimitUsage({ active_registrations: active, permit_limit: limit });

    expect(bar.level).toBe(level);
    expect(bar.colour).toBe(colour);
  });

  test('the shown percentage is rounded down, so it agrees with the colour', () => {
    expect(permitLimitUsage({ active_registrations: 699, permit_limit: 1000 }).bar).toMatchObject({
      shownPercent: 69,
      colour: 'green',
    });
    expect(permitLimitUsage({ active_registrations: 899, permit_limit: 1000 }).bar).toMatchObject({
      shownPercent: 89,
      colour: 'orange',
    });
  });
});

describe('activationCapUsage', () => {
  test('a cap of 0 is unlimited, with no bar', () => {
    expect(
      activationCapUsage({ ...monthlyCap, permit_cap_limit: 0, permits_remaining: null }),
    ).toEqual({ unlimited: true, used: 3, periodName: 'November 2026', periodType: 'monthly' });
  });

  test('a cap gives the used share, what remains and the period', () => {
    expect(activationCapUsage(monthlyCap)).toEqual({
      unlimited: false,
      used: 3,
      cap: 10,
      remaining: 7,
      periodName: 'November 2026',
      periodType: 'monthly',
      bar: { percent: 30, shownPercent: 30, width: 30, level: 'normal', colour: 'blue' },
    });
  });

  test.each([
    [69, 'normal', 'blue'],
    [70, 'high', 'orange'],
    [89, 'high', 'orange'],
    [90, 'critical', 'red'],
  ] as const)('%i %% of the cap used is %s, painted %s', (used, level, colour) => {
    const usage = activationCapUsage({
      ...monthlyCap,
      permits_used: used,
      permit_cap_limit: 100,
      permits_remaining: 100 - used,
    });

    expect(usage).toMatchObject({ unlimited: false, bar: { level, colour } });
  });

  test('more activations than the cap fill the bar to its end and no further', () => {
    const usage = activationCapUsage({ ...monthlyCap, permits_used: 12, permits_remaining: 0 });

    expect(usage).toMatchObject({
      unlimited: false,
      remaining: 0,
      bar: { percent: 120, shownPercent: 120, width: 100, colour: 'red' },
    });
  });

  test('what remains is worked out when the host leaves it out', () => {
    expect(activationCapUsage({ ...monthlyCap, permits_remaining: null })).toMatchObject({
      remaining: 7,
    });
    expect(
      activationCapUsage({ ...monthlyCap, permits_used: 11, permits_remaining: null }),
    ).toMatchObject({ remaining: 0 });
  });

  test.each([
    ['quarterly', 'quarterly'],
    ['monthly', 'monthly'],
    ['weekly', 'monthly'],
    ['', 'monthly'],
  ] as const)('a cap type of "%s" is %s', (type, periodType) => {
    expect(activationCapUsage({ ...monthlyCap, permit_cap_type: type }).periodType).toBe(
      periodType,
    );
  });
});
