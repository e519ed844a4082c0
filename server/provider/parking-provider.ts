/** What the parking provider is told about a permit. */
export interface ProviderPermit {
  id: number;
  vrm: string;
  startTs: Date;
  endTs: Date;
  /** The provider's reference, once it knows the permit. */
  providerRef: string | null;
  /**
   * Names this step of this permit: a call repeated after a lost answer, a timeout or a crash
   * carries the same key, and the provider answers it as before without doing the work again.
   */
  idempotencyKey: string;
}

export type ProviderOperation = 'create' | 'update' | 'cancel' | 'expire';

/**
 * The external parking system that makes permits live. Each call answers the provider's reference
 * for the permit, or throws (a ProviderError when the provider refused or was unavailable). The
 * signal ends a call the reconciler no longer waits for.
 */
export type ParkingProvider = Record<
  ProviderOperation,
  (permit: ProviderPermit, signal?: AbortSignal) => Promise<string>
>;

/** A failed provider call, worded as the provider's sync errors are (docs/contract.md §8). */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(`Failed to sync with parking provider: ${reason} ${status}`);
    this.name = 'ProviderError';
  }
}
