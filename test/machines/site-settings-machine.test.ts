import { createActor, fromPromise, waitFor } from 'xstate';
import type { SiteSettings } from '../../contract/site-settings';
import { fallbackSiteSettings, siteSettingsMachine } from '../../machines/site-settings-machine';

const schedulingSite: SiteSettings = {
  can_add_reference: true,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};

function startWith(load: () => Promise<SiteSettings>) {
  const machine = siteSettingsMachine.provide({
    actors: { loadSiteSettings: fromPromise(load) },
  });
  return createActor(machine).start();
}

describe('siteSettingsMachine', () => {
  it('has no settings while the call is out', () => {
    const actor = startWith(() => new Promise(() => {}));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.settings).toBeNull();
  });

  it('holds the settings the API host answered with', async () => {
    const ready = await waitFor(
      startWith(async () => schedulingSite),
      (snapshot) => snapshot.matches('ready'),
    );
    expect(ready.context.settings).toEqual(schedulingSite);
  });

  it('falls back to no reference, no scheduling and a chosen end when the call fails', async () => {
    const fellBack = await waitFor(
      startWith(() => Promise.reject(new Error('Network Error'))),
      (snapshot) => snapshot.matches('fellBack'),
    );
    expect(fellBack.context.settings).toEqual({
      can_add_reference: false,
      can_schedule_permits: false,
      default_end_date_limit_hours: 0,
    });
    expect(fellBack.context.settings).toBe(fallbackSiteSettings);
  });

  it('asks again when the browser is back online, the fallback applying until the answer', async () => {
    let answer: (settings: SiteSettings) => void = () => {};
    const answers = [
      () => Promise.reject(new Error('Network Error')),
      () => new Promise<SiteSettings>((resolve) => (answer = resolve)),
    ];
    const actor = startWith(() => answers.shift()!());
    await waitFor(actor, (snapshot) => snapshot.matches('fellBack'));

    actor.send({ type: 'CONNECTION.BACK' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.settings).toBe(fallbackSiteSettings);
    answer(schedulingSite);

    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.settings).toEqual(schedulingSite);
  });

  it('asks only once when the settings came: being back online asks nothing more', async () => {
    const load = jest.fn(async () => schedulingSite);
    const actor = startWith(load);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));

    actor.send({ type: 'CONNECTION.BACK' });

    expect(actor.getSnapshot().value).toBe('ready');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
