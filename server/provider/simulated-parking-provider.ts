import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import {
  ProviderError,
  type ParkingProvider,
  type ProviderOperation,
  type ProviderPermit,
} from './parking-provider';

export interface ProviderCall {
  operation: ProviderOperation;
  permit: ProviderPermit;
}

export type ProviderOutcome = 'succeed' | 'fail';

export interface SimulatedParkingProviderOptions {
  /** How long each call takes. */
  latencyMs: number;
  /** Share of calls, 0..1, that fail as an unavailable service would. */
  failureRate: number;
  /** Source of the failure draws; Math.random unless given. */
  random?: () => number;
  /** Decides a call's outcome before the failure rate is drawn (undefined: draw), so tests can
   *  force every path. */
  script?: (call: ProviderCall) => ProviderOutcome | undefined;
  /** A file to which every call is appended as one JSON line when it begins: an audit of which
   *  process asked what, shared by several processes. */
  callLog?: string;
}

/** The simulated provider, with a view of what it has done. */
export interface SimulatedParkingProvider extends ParkingProvider {
  /** The references of the permits it created, once each, in order. */
  createdReferences(): string[];
}

/**
 * A stand-in for the parking provider: answers after a latency, fails at a configured rate (or as
 * a script says) with the provider's "service is unavailable 503", and hands out references. As
 * a real provider's idempotency keys do, a call repeating the key of one it carried out is
 * answered as that one was, without doing the work again.
 */
export function createSimulatedParkingProvider(
  options: SimulatedParkingProviderOptions,
): SimulatedParkingProvider {
  const random = options.random ?? Math.random;
  const carriedOut = new Map<string, string>();
  const created: string[] = [];

  const call = async (
    operation: ProviderOperation,
    permit: ProviderPermit,
    signal?: AbortSignal,
  ): Promise<string> => {
    if (options.callLog) {
      // One short line per write is appended whole, so several processes can share the file.
      appendFileSync(
        options.callLog,
        `${JSON.stringify({
          pid: process.pid,
          operation,
          permitId: permit.id,
          idempotencyKey: permit.idempotencyKey,
          at: Date.now(),
        })}\n`,
      );
    }
    if (options.latencyMs > 0) await delay(options.latencyMs, undefined, { signal });
    signal?.throwIfAborted();
    const outcome =
      options.script?.({ operation, permit }) ??
      (random() < options.failureRate ? 'fail' : 'succeed');
    if (outcome === 'fail') throw new ProviderError(503, 'service is unavailable');
    const earlier = carriedOut.get(permit.idempotencyKey);
    if (earlier !== undefined) return earlier;
    let reference: string;
    if (operation === 'create') {
      reference = `PRV-${permit.id}-${randomUUID().slice(0, 8).toUpperCase()}`;
      created.push(reference);
    } else {
      if (!permit.providerRef) throw new ProviderError(404, 'permit is unknown');
      reference = permit.providerRef;
    }
    carriedOut.set(permit.idempotencyKey, reference);
    return reference;
  };

  return {
    create: (permit, signal) => call('create', permit, signal),
    update: (permit, signal) => call('update', permit, signal),
    cancel: (permit, signal) => call('cancel', permit, signal),
    expire: (permit, signal) => call('expire', permit, signal),
    createdReferences: () => [...created],
  };
}
