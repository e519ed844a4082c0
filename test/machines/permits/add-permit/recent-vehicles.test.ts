import { createActor, fromPromise, waitFor } from 'xstate';
import type { Permit } from '../../../../contract/permit';
import {
  recentVehicleName,
  recentVehiclesOf,
  type RecentVehicle,
} from '../../../../machines/permits/add-permit/recent-vehicles';
import { recentVehiclesMachine } from '../../../../machines/permits/add-permit/recent-vehicles-machine';

function permit(id: number, vrm: string, make = 'Toyota', model = 'Yaris'): Permit {
  return {
    id,
    vrm,
    make,
    model,
    colour: 'Red',
    reference_no: `R${id}`,
    label: null,
    driver_first: 'Ann',
    driver_last: 'Lee',
    status: 'ACTIVE',
    start_ts: '2026-06-01T12:00:00',
    end_ts: '2026-06-02T12:00:00',
  };
}

describe('recentVehiclesOf', () => {
  it('keeps the newest permit of each registration, in the list’s order, however it was spaced', () => {
    const vehicles = recentVehiclesOf([
      permit(3, 'YR21FEW'),
      permit(2, 'AB12 CDE', 'Ford', 'Focus'),
      permit(1, 'yr21 few', 'Old', 'Name'),
    ]);
    expect(vehicles.map(({ vrm, make }) => [vrm, make])).toEqual([
      ['YR21FEW', 'Toyota'],
      ['AB12CDE', 'Ford'],
    ]);
    expect(vehicles[0]).toEqual({
      vrm: 'YR21FEW',
      make: 'Toyota',
      model: 'Yaris',
      colour: 'Red',
      driver_first: 'Ann',
      driver_last: 'Lee',
    });
  });

  it('offers at most 6', () => {
    const permits = Array.from({ length: 9 }, (_, index) => permit(index, `AB1${index} CDE`));
    expect(recentVehiclesOf(permits).map(({ vrm }) => vrm)).toEqual([
      'AB10CDE',
      'AB11CDE',
      'AB12CDE',
      'AB13CDE',
      'AB14CDE',
      'AB15CDE',
    ]);
  });

  it('names a vehicle by its spaced registration, make and model', () => {
    const [vehicle] = recentVehiclesOf([permit(1, 'yr21few')]);
    expect(recentVehicleName(vehicle!)).toBe('YR21 FEW · Toyota Yaris');
  });
});

describe('recentVehiclesMachine', () => {
  const vehicles: RecentVehicle[] = recentVehiclesOf([permit(1, 'YR21FEW')]);

  it('holds the loaded vehicles', async () => {
    const machine = recentVehiclesMachine.provide({
      actors: { loadRecentVehicles: fromPromise(async () => vehicles) },
    });
    const done = await waitFor(
      createActor(machine).start(),
      (snapshot) => snapshot.status === 'done',
    );
    expect(done.value).toBe('loaded');
    expect(done.context.vehicles).toEqual(vehicles);
  });

  it('offers none when the list cannot be read', async () => {
    const machine = recentVehiclesMachine.provide({
      actors: {
        loadRecentVehicles: fromPromise<RecentVehicle[], void>(async () => {
          throw new Error('Network Error');
        }),
      },
    });
    const done = await waitFor(
      createActor(machine).start(),
      (snapshot) => snapshot.status === 'done',
    );
    expect(done.value).toBe('unavailable');
    expect(done.context.vehicles).toEqual([]);
  });
});
