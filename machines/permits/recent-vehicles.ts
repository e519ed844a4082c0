import type { Permit } from '../../contract/permit';
import { formatRegistration, normaliseRegistration } from './uk-registration';

/** A vehicle the resident has had a permit for: what one tap puts back in the Add Permit form. */
export type RecentVehicle = Pick<
  Permit,
  'vrm' | 'make' | 'model' | 'colour' | 'driver_first' | 'driver_last'
>;

/** How many recent vehicles Add Permit offers (test/machines/permits/recent-vehicles.test.ts). */
export const recentVehicleLimit = 6;

/**
 * The resident's distinct vehicles, newest first, from their permits as the list endpoint gives
 * them (newest first, docs/contract.md §7): one per registration, however it was spaced, up to
 * `recentVehicleLimit`.
 */
export function recentVehiclesOf(permits: readonly Permit[]): RecentVehicle[] {
  const seen = new Set<string>();
  const vehicles: RecentVehicle[] = [];
  for (const { vrm, make, model, colour, driver_first, driver_last } of permits) {
    const mark = normaliseRegistration(vrm);
    if (mark === '' || seen.has(mark)) continue;
    seen.add(mark);
    vehicles.push({ vrm: mark, make, model, colour, driver_first, driver_last });
    if (vehicles.length === recentVehicleLimit) break;
  }
  return vehicles;
}

/** The name of a recent vehicle's button: "YR21 FEW · Toyota Yaris". */
export function recentVehicleName(vehicle: RecentVehicle): string {
  const makeAndModel = [vehicle.make, vehicle.model].filter((part) => part.trim() !== '').join(' ');
  return [formatRegistration(vehicle.vrm), makeAndModel].filter((part) => part !== '').join(' · ');
}
