import { Route, Routes } from 'react-router';
import { fromPromise } from 'xstate';
import type { PermitListBody, PermitListRequest } from '../../contract/permit';
import type { SiteSettings } from '../../contract/site-settings';
import { permitListMachine } from '../../machines/permits/my-permits/permit-list-machine';
import { readPermitListAnswer } from '../../machines/permits/rules/read-permit-list-body';
import type { MachineOverrides } from '../../src/shell/app-machines';
import { MyPermitsScreen } from '../../src/features/permits/my-permits/my-permits-screen';
import { renderWithProviders, residentProfile } from './render';

/** The permit list with a host that answers each request with `answer(request)`. */
export function permitListAnswering(answer: (request: PermitListRequest) => PermitListBody) {
  return permitListMachine.provide({
    actors: {
      fetchPermits: fromPromise(({ input }: { input: PermitListRequest }) =>
        readPermitListAnswer(Promise.resolve(answer(input)), input.page),
      ),
    },
  });
}

/** My Permits at /my-permits, in a <main> as the app's layout places it, for a signed-in resident. */
export function renderMyPermitsScreen({
  now,
  site,
  machines,
}: {
  now: Date;
  site: SiteSettings;
  machines: MachineOverrides;
}) {
  return renderWithProviders(
    <main>
      <Routes>
        <Route path="/my-permits" element={<MyPermitsScreen />} />
      </Routes>
    </main>,
    {
      route: '/my-permits',
      session: { status: 'signed_in', profile: residentProfile },
      clock: () => now,
      siteSettings: site,
      machines,
    },
  );
}
