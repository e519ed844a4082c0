import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProviderError, type ProviderPermit } from '../../server/provider/parking-provider';
import { createSimulatedParkingProvider } from '../../server/provider/simulated-parking-provider';
import { readCallLog } from '../../scripts/stack/worker-process';

const permit: ProviderPermit = {
  id: 42,
  vrm: 'AB12CDE',
  startTs: new Date('2026-11-22T10:00:00Z'),
  endTs: new Date('2026-11-22T12:00:00Z'),
  providerRef: null,
  idempotencyKey: 'permit-42-create',
};

describe('the simulated parking provider', () => {
  it('hands out a reference on create and answers with it afterwards', async () => {
    const provider = createSimulatedParkingProvider({ latencyMs: 0, failureRate: 0 });
    const reference = await provider.create(permit);
    expect(reference).toMatch(/^PRV-42-[0-9A-F]{8}$/);
    await expect(
      provider.cancel({ ...permit, providerRef: reference, idempotencyKey: 'permit-42-cancel' }),
    ).resolves.toBe(reference);
    await expect(
      provider.update({ ...permit, idempotencyKey: 'permit-42-update' }),
    ).rejects.toThrow('Failed to sync with parking provider: permit is unknown 404');
  });

  it('fails the share of calls its failure rate says, drawing from the given source', async () => {
    const draws = [0.29, 0.3, 0.95];
    const provider = createSimulatedParkingProvider({
      latencyMs: 0,
      failureRate: 0.3,
      random: () => draws.shift() ?? 1,
    });
    const failure = provider.create(permit);
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow(
      'Failed to sync with parking provider: service is unavailable 503',
    );
    await expect(provider.create(permit)).resolves.toMatch(/^PRV-42-/);
    await expect(
      provider.create({ ...permit, id: 43, idempotencyKey: 'permit-43-create' }),
    ).resolves.toMatch(/^PRV-43-/);
  });

  it('answers a repeated idempotency key as before, without creating a second permit', async () => {
    const provider = createSimulatedParkingProvider({ latencyMs: 0, failureRate: 0 });

    const first = await provider.create(permit);
    const repeated = await provider.create(permit);
    const another = await provider.create({ ...permit, idempotencyKey: 'permit-42-create-again' });

    expect(repeated).toBe(first);
    expect(another).not.toBe(first);
    expect(provider.createdReferences()).toEqual([first, another]);
  });

  it('lets a script decide before the failure rate', async () => {
    const provider = createSimulatedParkingProvider({
      latencyMs: 0,
      failureRate: 1,
      script: ({ operation }) => (operation === 'create' ? 'succeed' : undefined),
    });
    await expect(provider.create(permit)).resolves.toMatch(/^PRV-42-/);
    await expect(
      provider.expire({ ...permit, providerRef: 'PRV-X', idempotencyKey: 'permit-42-expire' }),
    ).rejects.toThrow('service is unavailable 503');
  });

  it('takes its latency, and stops waiting when the caller gives up', async () => {
    const provider = createSimulatedParkingProvider({ latencyMs: 60, failureRate: 0 });
    const started = Date.now();
    await provider.create(permit);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);

    const slow = createSimulatedParkingProvider({ latencyMs: 60_000, failureRate: 0 });
    const abandoned = Date.now();
    await expect(slow.create(permit, AbortSignal.timeout(30))).rejects.toThrow();
    expect(Date.now() - abandoned).toBeLessThan(5000);
  });

  it('appends each call to the call log as it begins', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kerbside-call-log-'));
    try {
      const callLog = path.join(directory, 'calls.jsonl');
      const provider = createSimulatedParkingProvider({ latencyMs: 0, failureRate: 1, callLog });
      await expect(provider.create(permit)).rejects.toThrow();
      await expect(provider.cancel({ ...permit, id: 7 })).rejects.toThrow();
      expect(readCallLog(callLog).map((call) => [call.pid, call.operation, call.permitId])).toEqual(
        [
          [process.pid, 'create', 42],
          [process.pid, 'cancel', 7],
        ],
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
