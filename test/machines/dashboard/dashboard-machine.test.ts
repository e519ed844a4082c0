import { createActor, fromPromise, waitFor } from 'xstate';
import type { Profile } from '../../../contract/auth';
import type { PermitCapInfo } from '../../../contract/permit';
import { dashboardMachine } from '../../../machines/dashboard/dashboard-machine';
import {
  gatherDashboardFigures,
  type DashboardFigures,
} from '../../../machines/dashboard/gather-dashboard-figures';

const profile: Profile = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane.doe@example.test',
  active_registrations: 1,
  permit_limit: 5,
};
const capInfo: PermitCapInfo = {
  permits_used: 1,
  permit_cap_limit: 4,
  permits_remaining: 3,
  period_name: 'June 2026',
  permit_cap_type: 'monthly',
};

function startWith(load: () => Promise<DashboardFigures>) {
  return createActor(
    dashboardMachine.provide({ actors: { loadFigures: fromPromise(load) } }),
  ).start();
}

describe('dashboardMachine', () => {
  it('shows no figures while they are on their way', () => {
    const actor = startWith(() => new Promise(() => {}));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.figures).toBeNull();
  });

  it('shows the three figures fetched together', async () => {
    const actor = startWith(() =>
      gatherDashboardFigures({
        fetchProfile: async () => profile,
        fetchCapInfo: async () => capInfo,
        countQueuedPermits: async () => 2,
      }),
    );
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.figures).toEqual({ profile, capInfo, queuedCount: 2 });
  });

  it('leaves out only the figure whose call failed, with a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('Network Error');
    const actor = startWith(() =>
      gatherDashboardFigures({
        fetchProfile: async () => profile,
        fetchCapInfo: () => Promise.reject(failure),
        countQueuedPermits: async () => 0,
      }),
    );
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.figures).toEqual({ profile, capInfo: null, queuedCount: 0 });
    expect(warn).toHaveBeenCalledWith('The dashboard could not load the permit cap info', failure);
  });

  it('never leaves the skeletons up: a failure to gather shows no figures', async () => {
    const actor = startWith(() => Promise.reject(new Error('wiring fault')));
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.figures).toEqual({ profile: null, capInfo: null, queuedCount: null });
  });
});
