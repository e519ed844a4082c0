import fc from 'fast-check';
import { loadConfig } from '../../server/config';
import { backoffDelay } from '../../server/reconciler/reconciler-settings';
import { startApiProcess } from './support/api-process';

jest.setTimeout(60_000);

describe('retry backoff with jitter', () => {
  it('waits between half and all of the capped exponential step, whatever the random draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (backoffMs, extra, attempts, draw) => {
          const settings = { backoffMs, maxBackoffMs: backoffMs + extra };
          const step = Math.min(backoffMs * 2 ** (attempts - 1), settings.maxBackoffMs);
          const delay = backoffDelay(settings, attempts, () => draw);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(step / 2));
          expect(delay).toBeLessThanOrEqual(step);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('spreads the retries of permits that failed together (seeded draws)', () => {
    const settings = { backoffMs: 1000, maxBackoffMs: 60_000 };
    // Uniform draws in [0, 1), as Math.random gives, from a fixed seed.
    const draws = fc.sample(
      fc.noBias(fc.integer({ min: 0, max: 999_999 }).map((n) => n / 1_000_000)),
      { numRuns: 100, seed: 42 },
    );

    const delays = draws.map((draw) => backoffDelay(settings, 3, () => draw));

    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(4000);
    expect(new Set(delays).size).toBeGreaterThan(50);
    expect(backoffDelay(settings, 3, () => 0)).toBe(2000);
    expect(backoffDelay(settings, 30, () => 0.999_999)).toBe(60_000);
  });
});

describe('reconciler settings are checked at start', () => {
  it.each([
    [{ RECONCILER_INTERVAL_MS: '3000000000' }, 'RECONCILER_INTERVAL_MS'],
    [{ RECONCILER_INTERVAL_MS: '0' }, 'RECONCILER_INTERVAL_MS'],
    [{ RECONCILER_BACKOFF_MS: 'soon' }, 'RECONCILER_BACKOFF_MS'],
    [
      { RECONCILER_BACKOFF_MS: '60000', RECONCILER_MAX_BACKOFF_MS: '1000' },
      'RECONCILER_MAX_BACKOFF_MS',
    ],
    [{ RECONCILER_BATCH_SIZE: '0' }, 'RECONCILER_BATCH_SIZE'],
    [{ RECONCILER_LEASE_MS: '10' }, 'RECONCILER_LEASE_MS'],
  ])('refuses %j, naming %s', (environment, variable) => {
    expect(() => loadConfig(environment)).toThrow(
      new RegExp(`^Invalid API host configuration:[^]*\\b${variable}: `),
    );
  });

  it('npm run api refuses to start with a bad value, naming the variable', async () => {
    const host = startApiProcess({
      RECONCILER_BACKOFF_MS: '60000',
      RECONCILER_MAX_BACKOFF_MS: '1000',
      API_PORT: '0',
    });

    const { code, output } = await host.exited;

    expect(code).toBe(1);
    expect(output).toContain('RECONCILER_MAX_BACKOFF_MS: must be at least RECONCILER_BACKOFF_MS');
  });
});
