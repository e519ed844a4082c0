import { act, screen } from '@testing-library/react';
import { fromCallback } from 'xstate';
import {
  permitExportMachine,
  type CollectPermitsInput,
  type PermitExportEvent,
} from '../../../../../machines/permits/permit-export/permit-export-machine';
import { defaultPermitListFilters } from '../../../../../machines/permits/my-permits/permit-list-filters';
import { ExportPermitsButton } from '../../../../../src/features/permits/permit-export/export-permits-button';
import { activateLanguage } from '../../../../../src/i18n/activate-language';
import { renderWithProviders, residentProfile } from '../../../../support/render';

/** The export machine, its pages collected by hand: `report` sends what the list calls would. */
function exportCollectedByHand() {
  let report: (event: PermitExportEvent) => void = () => {};
  const machine = permitExportMachine.provide({
    actors: {
      collectPermits: fromCallback<PermitExportEvent, CollectPermitsInput>(({ sendBack }) => {
        report = sendBack;
      }),
    },
  });
  return { machine, report: (event: PermitExportEvent) => act(() => report(event)) };
}

test('the progress bar is named and says how far it is, in the reader’s language', async () => {
  const { machine, report } = exportCollectedByHand();
  const { user } = renderWithProviders(
    <ExportPermitsButton filters={defaultPermitListFilters(() => new Date())} />,
    {
      session: { status: 'signed_in', profile: residentProfile },
      machines: { permitExport: machine },
    },
  );
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
  expect(bar).toHaveAttribute('aria-valuetext', 'Starting…');
  await report({ type: 'PROGRESS', collected: 20, total: 45 });
  expect(bar).toHaveAttribute('aria-valuetext', '20 of 45');

  await act(() => activateLanguage('cy'));
  try {
    const welshBar = screen.getByRole('progressbar');
    expect(welshBar).toHaveAccessibleName(expect.not.stringMatching(/progress|loading/i));
    expect(welshBar).toHaveAttribute('aria-valuetext', expect.stringMatching(/^20 o 45$/));
  } finally {
    await act(() => activateLanguage('en'));
  }
});
