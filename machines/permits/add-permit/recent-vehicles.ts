import type { Permit } from '../../../contract/permit';
import type { PermitFormValues } from '../permit-form/permit-form-values';
import { normaliseVrm } from '../../../contract/permit-rules';
import { formatRegistration } from '../rules/uk-registration';

/** A vehicle the resident has had a permit for: what one tap puts back in the Add Permit form. */
export type RecentVehicle = Pick<
  Permit,
  'vrm' | 'make' | 'model' | 'colour' | 'driver_first' | 'driver_last'
>;

/** How many recent vehicles Add Permit offers (test/machines/permits/add-permit/recent-vehicles.test.ts). */
export const recentVehicleLimit = 6;

/** A permit's vehicle and driver, its registration without spaces: what "Add again" re-books. */
export function vehicleOf(permit: RecentVehicle): RecentVehicle {
  const { vrm, make, model, colour, driver_first, driver_last } = permit;
  return { vrm: normaliseVrm(vrm), make, model, colour, driver_first, driver_last };
}

/**
 * The Add Permit form with `vehicle` filled in (a recent vehicle's button, or "Add again" on My
 * Permits): registration, make, model, colour and driver; the dates and the rest untouched.
 */
export function withVehicle(values: PermitFormValues, vehicle: RecentVehicle): PermitFormValues {
  return {
    ...values,
    ...vehicleOf(vehicle),
    vrm: formatRegistration(vehicle.vrm),
    vrm_confirmed: false,
  };
}

/**
 * The vehicle "Add again" hands to Add Permit in the router's location state, or null when the
 * state holds none (a typed address, a reload in another tab): only the vehicle's own texts.
 */
export function vehicleToAddAgain(state: unknown): RecentVehicle | null {
  const vehicle = (state as { vehicle?: unknown } | null)?.vehicle;
  if (typeof vehicle !== 'object' || vehicle === null) return null;
  const fields = vehicle as Record<string, unknown>;
  const keys = ['vrm', 'make', 'model', 'colour', 'driver_first', 'driver_last'] as const;
  if (!keys.every((key) => typeof fields[key] === 'string')) return null;
  return vehicleOf(fields as unknown as RecentVehicle);
}

/**
 * The resident's distinct vehicles, newest first, from their permits as the list endpoint gives
 * them (newest first, docs/contract.md §7): one per registration, however it was spaced, up to
 * `recentVehicleLimit`.
 */
export function recentVehiclesOf(permits: readonly Permit[]): RecentVehicle[] {
  const seen = new Set<string>();
  const vehicles: RecentVehicle[] = [];
  for (const permit of permits) {
    const vehicle = vehicleOf(permit);
    if (vehicle.vrm === '' || seen.has(vehicle.vrm)) continue;
    seen.add(vehicle.vrm);
    vehicles.push(vehicle);
    if (vehicles.length === recentVehicleLimit) break;
  }
  return vehicles;
}

/** The name of a recent vehicle's button: "YR21 FEW · Toyota Yaris". */
export function recentVehicleName(vehicle: RecentVehicle): string {
  const makeAndModel = [vehicle.make, vehicle.model].filter((part) => part.trim() !== '').join(' ');
  return [formatRegistration(vehicle.vrm), makeAndModel].filter((part) => part !== '').join(' · ');
}
