import { createLoadOnceMachine } from '../../load-once-machine';
import type { RecentVehicle } from './recent-vehicles';

export interface RecentVehiclesContext {
  /** Newest first; empty until loaded, and when the list cannot be read. */
  vehicles: RecentVehicle[];
}

/**
 * The resident's recent vehicles for Add Permit, read from their own permits
 * (`recentVehiclesOf`). A failure hides the shortcuts and nothing else: the form works without.
 */
export const recentVehiclesMachine = createLoadOnceMachine({
  id: 'recentVehicles',
  description: 'The vehicles the resident has used lately, offered on Add Permit.',
  types: { context: {} as RecentVehiclesContext, loaded: {} as RecentVehicle[] },
  context: { vehicles: [] },
  load: {
    actor: 'loadRecentVehicles',
    description: 'The resident’s permits are on their way; no shortcuts show yet.',
  },
  done: {
    target: 'loaded',
    description: 'The permits were read: their distinct vehicles, newest first.',
    context: (vehicles) => ({ vehicles }),
  },
  // Unlike the dashboard and the site settings, a failure is a state of its own: the context's
  // empty list already says "no shortcuts", so nothing stands in for the answer.
  failed: {
    target: 'unavailable',
    description: 'The list could not be read: the form goes on without shortcuts.',
  },
  final: {
    loaded: 'The recent vehicles are shown as shortcuts.',
    unavailable: 'No shortcuts are shown.',
  },
});
