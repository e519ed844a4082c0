import '../../../../support/jsdom-layout';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { activatePermitMachine } from '../../../../../machines/permits/permit-dialogs/activate-permit-machine';
import { cancelPermitMachine } from '../../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import type { Permit } from '../../../../../contract/permit';
import type { SiteSettings } from '../../../../../contract/site-settings';
import { updatePermitMachine } from '../../../../../machines/permits/permit-dialogs/update-permit-machine';
import { PermitActionDialog } from '../../../../../src/features/permits/permit-dialogs/permit-action-dialog';
import { UpdatePermitDialog } from '../../../../../src/features/permits/permit-dialogs/update-permit-dialog';
import {
  createActorControls,
  type ActorControls,
} from '../../../../../machines/flow-models/actor-controls';
import {
  activePermit,
  scheduledPermit,
  schedulingSite,
  withControlledPermitActionActors,
  withControlledUpdatePermitActors,
} from '../../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';
import { expectErrorSummary } from '../../../../support/error-summary';
import { exactly, renderWithProviders } from '../../../../support/render';
import { dateTimeBox, dateTimeShown, typeDateTime } from '../../../../support/date-time-boxes';

/** 1 June 2026, 12:00:30 in London: the earliest start the pickers offer is 12:02. */
const now = new Date('2026-06-01T11:00:30Z');
const clock = () => now;

const noSchedulingSite: SiteSettings = { ...schedulingSite, can_schedule_permits: false };
const automaticEndSite: SiteSettings = { ...schedulingSite, default_end_date_limit_hours: 24 };
const indefinitePermit: Permit = { ...activePermit, end_ts: '9999-12-01T00:00:00.000Z' };

/** What the list screen is told, in order. */
function listScreen() {
  const told: string[] = [];
  return {
    told,
    onClose: jest.fn(() => told.push('close')),
    onReload: jest.fn(() => told.push('reload')),
    onRefresh: jest.fn(() => told.push('refresh')),
  };
}

/** The fake API answers the dialog's request. */
async function settle(
  controls: ActorControls,
  actorId: string,
  outcome: 'resolve' | 'reject',
  value: unknown,
) {
  await act(async () => controls[outcome](actorId, value));
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe.each([
  {
    actorId: 'activatePermit' as const,
    machine: activatePermitMachine,
    render: (list: ReturnType<typeof listScreen>): ReactElement => (
      <PermitActionDialog
        action="activate"
        permit={scheduledPermit}
        onClose={list.onClose}
        onReload={list.onReload}
      />
    ),
    title: 'Set Permit Live Now',
    description:
      'The permit for AB12CDE (Ford / Focus / Blue) will start now instead of at its scheduled start, 03/06/2026 09:00.',
    confirm: 'Set Live Now',
    busy: 'Activating...',
    dismiss: 'Cancel',
    errorTitle: 'Activation Failed',
    defaultMessage: 'Failed to activate permit. Please try again.',
  },
  {
    actorId: 'cancelPermit' as const,
    machine: cancelPermitMachine,
    render: (list: ReturnType<typeof listScreen>): ReactElement => (
      <PermitActionDialog
        action="cancel"
        permit={scheduledPermit}
        onClose={list.onClose}
        onReload={list.onReload}
      />
    ),
    title: 'Cancel Permit',
    description: 'Cancel the permit for AB12CDE (Ford / Focus / Blue)? This cannot be undone.',
    confirm: 'Cancel Permit',
    busy: 'Cancelling...',
    dismiss: 'Keep Permit',
    errorTitle: 'Cancellation Failed',
    defaultMessage: 'Failed to cancel permit. Please try again.',
  },
])('the $title dialog', (dialog) => {
  function renderDialog(user?: UserEvent) {
    const controls = createActorControls();
    const list = listScreen();
    const machine = withControlledPermitActionActors(dialog.machine, dialog.actorId, controls);
    const { user: renderUser } = renderWithProviders(dialog.render(list), {
      machines: { [dialog.actorId]: machine },
    });
    return { controls, list, user: user ?? renderUser };
  }

  test('asks for confirmation, naming the vehicle, and traps focus', async () => {
    const { user } = renderDialog();
    const shown = await screen.findByRole('alertdialog', { name: dialog.title });
    expect(shown).toHaveAccessibleDescription(exactly(dialog.description));
    // An alert dialog opens on its least destructive control.
    await waitFor(() => expect(button('Close')).toHaveFocus());
    await user.tab();
    expect(button(dialog.dismiss)).toHaveFocus();
    await user.tab();
    expect(button(dialog.confirm)).toHaveFocus();
    await user.tab();
    expect(button('Close')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('sends one request, stays busy for a second after success, then reloads and closes', async () => {
    // Chakra's dialog starts listening for Escape in a microtask, which must stay real.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    try {
      const { controls, list, user } = renderDialog(
        userEvent.setup({ advanceTimers: jest.advanceTimersByTime }),
      );
      await screen.findByRole('alertdialog', { name: dialog.title });
      await user.dblClick(button(dialog.confirm));

      expect(controls.inputs(dialog.actorId)).toEqual([{ id: scheduledPermit.id }]);
      expect(button(dialog.busy)).toBeDisabled();
      expect(button(dialog.dismiss)).toBeDisabled();
      expect(button('Close')).toBeDisabled();
      await user.keyboard('{Escape}');
      expect(screen.getByRole('alertdialog', { name: dialog.title })).toBeInTheDocument();

      await settle(controls, dialog.actorId, 'resolve', { ...scheduledPermit, status: 'QUEUED' });
      expect(button(dialog.busy)).toBeDisabled();
      await user.keyboard('{Escape}');
      await act(async () => jest.advanceTimersByTime(999));
      expect(list.told).toEqual([]);

      await act(async () => jest.advanceTimersByTime(1));
      expect(list.told).toEqual(['reload', 'close']);
    } finally {
      jest.useRealTimers();
    }
  });

  test.each([
    {
      answer: 'non_field_errors before all',
      body: { non_field_errors: ['Not allowed now.'], detail: 'Later', message: 'Other' },
      shown: 'Not allowed now.',
    },
    {
      answer: 'detail before error',
      body: { detail: 'Not found.', error: 'Other' },
      shown: 'Not found.',
    },
    {
      answer: 'error before message',
      body: { error: 'Provider down.', message: 'Other' },
      shown: 'Provider down.',
    },
    { answer: 'only a message', body: { message: 'Try tomorrow.' }, shown: 'Try tomorrow.' },
    { answer: 'no message', body: undefined, shown: null },
  ])(
    'a failure with $answer is shown inside the dialog, and confirm retries',
    async ({ body, shown }) => {
      const { controls, list, user } = renderDialog();
      await screen.findByRole('alertdialog', { name: dialog.title });
      await user.click(button(dialog.confirm));
      await settle(controls, dialog.actorId, 'reject', { status: 400, body });

      const alert = await within(
        screen.getByRole('alertdialog', { name: dialog.title }),
      ).findByRole('alert');
      expect(alert).toHaveTextContent(
        exactly(`${dialog.errorTitle}${shown ?? dialog.defaultMessage}`),
      );
      expect(button(dialog.confirm)).toBeEnabled();
      expect(button(dialog.dismiss)).toBeEnabled();

      await user.click(button(dialog.confirm));
      expect(button(dialog.busy)).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(controls.inputs(dialog.actorId)).toHaveLength(2);
      expect(list.told).toEqual([]);
    },
  );

  test.each([
    { way: 'the dismiss button', dismiss: (user: UserEvent) => user.click(button(dialog.dismiss)) },
    { way: 'the close button', dismiss: (user: UserEvent) => user.click(button('Close')) },
    { way: 'Escape', dismiss: (user: UserEvent) => user.keyboard('{Escape}') },
  ])('$way closes it without a request or a reload', async ({ dismiss }) => {
    const { controls, list, user } = renderDialog();
    await screen.findByRole('alertdialog', { name: dialog.title });
    await dismiss(user);
    expect(list.told).toEqual(['close']);
    expect(controls.inputs(dialog.actorId)).toEqual([]);
  });

  test('after a failure, the dismiss button gives up without a reload', async () => {
    const { controls, list, user } = renderDialog();
    await screen.findByRole('alertdialog', { name: dialog.title });
    await user.click(button(dialog.confirm));
    await settle(controls, dialog.actorId, 'reject', {});
    await screen.findByRole('alert');
    await user.click(button(dialog.dismiss));
    expect(list.told).toEqual(['close']);
  });
});

describe('the Update dialog', () => {
  function renderUpdate(permit: Permit, settings: SiteSettings) {
    const controls = createActorControls();
    const list = listScreen();
    const { user } = renderWithProviders(
      <UpdatePermitDialog
        permit={permit}
        settings={settings}
        onClose={list.onClose}
        onRefresh={list.onRefresh}
      />,
      {
        machines: { updatePermit: withControlledUpdatePermitActors(updatePermitMachine, controls) },
        clock,
      },
    );
    return { controls, list, user };
  }

  /** The permit's details as the dialog lists them: each term with its description. */
  const currentPermit = (dialog: HTMLElement) => {
    const terms = within(dialog).getAllByRole('term');
    const definitions = within(dialog).getAllByRole('definition');
    return terms.map((term, index) => [term.textContent, definitions[index]?.textContent]);
  };
  /** The date inputs: fieldsets named by their legends (src/ui/date-time-input.tsx). */
  const startField = () => screen.getByRole('group', { name: 'New start date' });
  const endField = () => screen.getByRole('group', { name: 'New expiry date' });
  const indefiniteBox = () => screen.getByRole('checkbox', { name: 'Set as Indefinite' });

  test('a scheduled permit: its details, a new start and a new expiry, pre-filled', async () => {
    renderUpdate(scheduledPermit, schedulingSite);
    const dialog = await screen.findByRole('dialog', { name: 'Update Scheduled Permit' });
    expect(currentPermit(dialog)).toEqual([
      ['Vehicle', 'AB12CDE (Ford / Focus / Blue)'],
      ['Reference', 'KB-0041'],
      ['Current start', '03/06/2026 09:00'],
      ['Current expiry', '04/06/2026 18:30'],
      ['Status', 'Scheduled'],
    ]);
    expect(dateTimeShown(startField())).toBe('2026-06-03T09:00');
    expect(startField()).toHaveAccessibleDescription(
      'Choose a future date and time. Wednesday 3 June 2026, 09:00 UK time (BST).',
    );
    expect(dateTimeShown(endField())).toBe('2026-06-04T18:30');
    expect(endField()).toHaveAccessibleDescription('Thursday 4 June 2026, 18:30 UK time (BST).');
    expect(indefiniteBox()).not.toBeChecked();
    expect(indefiniteBox()).toHaveAccessibleDescription(
      'Removes the expiry: the permit stays active until you cancel it.',
    );
    expect(within(dialog).queryByText('Automatic End Date')).not.toBeInTheDocument();
    expect(button('Cancel')).toBeEnabled();
    expect(button('Update Schedule')).toBeEnabled();
    // The first field takes the focus.
    await waitFor(() => expect(dateTimeBox(startField(), 'day')).toHaveFocus());
  });

  test('a chosen start moves the earliest expiry to it', async () => {
    const { user } = renderUpdate(scheduledPermit, schedulingSite);
    await screen.findByRole('dialog', { name: 'Update Scheduled Permit' });
    await typeDateTime(user, startField(), '2026-06-05T07:15');
    await typeDateTime(user, endField(), '');
    // The earliest expiry describes the fieldset; emptying it says nothing until Update is
    // pressed (GOV.UK validates on submit).
    expect(endField()).toHaveAccessibleDescription(
      'The earliest is Friday 5 June 2026, 07:15 UK time (BST). Use the 24-hour clock.',
    );
    expect(startField()).toHaveAccessibleDescription(
      'Choose a future date and time. Friday 5 June 2026, 07:15 UK time (BST).',
    );
  });

  test('a scheduled permit on a site without scheduling: no start field', async () => {
    renderUpdate(scheduledPermit, noSchedulingSite);
    await screen.findByRole('dialog', { name: 'Update Scheduled Permit' });
    expect(screen.queryByLabelText(/^New start date/)).not.toBeInTheDocument();
    expect(screen.queryByText('Choose a future date and time.')).not.toBeInTheDocument();
    expect(endField()).toHaveAccessibleDescription('Thursday 4 June 2026, 18:30 UK time (BST).');
    expect(button('Update Schedule')).toBeEnabled();
  });

  test('an active permit: its expiry only', async () => {
    renderUpdate(activePermit, schedulingSite);
    const dialog = await screen.findByRole('dialog', { name: 'Update Permit Expiry' });
    expect(currentPermit(dialog)).toEqual([
      ['Vehicle', 'AB12CDE (Ford / Focus / Blue)'],
      ['Reference', 'KB-0041'],
      ['Current start', '31/05/2026 10:00'],
      ['Current expiry', '02/06/2026 18:00'],
      ['Status', 'Active'],
    ]);
    expect(screen.queryByLabelText(/^New start date/)).not.toBeInTheDocument();
    expect(dateTimeShown(endField())).toBe('2026-06-02T18:00');
    expect(button('Update Expiry')).toBeEnabled();
  });

  test('an indefinite permit opens with "Set as Indefinite" ticked and no expiry', async () => {
    renderUpdate(indefinitePermit, schedulingSite);
    const dialog = await screen.findByRole('dialog', { name: 'Update Permit Expiry' });
    expect(currentPermit(dialog)).toContainEqual(['Current expiry', 'Indefinite']);
    expect(indefiniteBox()).toBeChecked();
    expect(dateTimeShown(endField())).toBe('');
    expect(button('Update Expiry')).toBeEnabled();
  });

  test.each([
    {
      permit: scheduledPermit,
      title: 'Update Scheduled Permit',
      submit: 'Update Schedule',
      notice:
        'Permits on this site end automatically 24 hours after they start. Changing the start date resets the end date to 24 hours after the new start.',
    },
    {
      permit: activePermit,
      title: 'Update Permit Expiry',
      submit: 'Update Expiry',
      notice:
        'Permits on this site end automatically 24 hours after they start, so end dates cannot be changed.',
    },
  ])('$title on a site with an automatic end: the notice, no end fields', async (variant) => {
    renderUpdate(variant.permit, automaticEndSite);
    const dialog = await screen.findByRole('dialog', { name: variant.title });
    expect(within(dialog).getByText(exactly('Automatic End Date'))).toBeInTheDocument();
    expect(within(dialog).getByText(exactly(variant.notice))).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New expiry date/)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Set as Indefinite' })).not.toBeInTheDocument();
    expect(button(variant.submit)).toBeEnabled();
  });

  test('"Set as Indefinite" clears the expiry, and typing an expiry unticks it', async () => {
    const { user } = renderUpdate(activePermit, schedulingSite);
    await screen.findByRole('dialog', { name: 'Update Permit Expiry' });
    await user.click(indefiniteBox());
    expect(indefiniteBox()).toBeChecked();
    expect(dateTimeShown(endField())).toBe('');
    expect(button('Update Expiry')).toBeEnabled();

    await typeDateTime(user, endField(), '2026-06-09T20:00');
    expect(indefiniteBox()).not.toBeChecked();
    expect(dateTimeShown(endField())).toBe('2026-06-09T20:00');

    await user.click(indefiniteBox());
    await user.click(indefiniteBox());
    expect(indefiniteBox()).not.toBeChecked();
    expect(dateTimeShown(endField())).toBe('');
  });

  test.each([
    {
      title: 'Update Permit Expiry',
      permit: activePermit,
      settings: schedulingSite,
      clear: [endField],
    },
    {
      title: 'Update Scheduled Permit',
      permit: scheduledPermit,
      settings: schedulingSite,
      clear: [startField, endField],
    },
    {
      title: 'Update Scheduled Permit',
      permit: scheduledPermit,
      settings: noSchedulingSite,
      clear: [endField],
    },
  ])(
    '$title is disabled while nothing is chosen (scheduling: $settings.can_schedule_permits)',
    async (variant) => {
      const { user } = renderUpdate(variant.permit, variant.settings);
      await screen.findByRole('dialog', { name: variant.title });
      const submit = screen.getByRole('button', { name: /^Update (Schedule|Expiry)$/ });
      for (const field of variant.clear) await typeDateTime(user, field(), '');
      expect(submit).toBeDisabled();
      await user.click(indefiniteBox());
      expect(submit).toBeEnabled();
    },
  );

  test('a new start with no expiry: "Please select a new expiry date or mark as indefinite"', async () => {
    const { controls, user } = renderUpdate(scheduledPermit, schedulingSite);
    await screen.findByRole('dialog', { name: 'Update Scheduled Permit' });
    await typeDateTime(user, startField(), '2026-06-03T10:00');
    await typeDateTime(user, endField(), '');
    await user.click(button('Update Schedule'));
    // The dialog's own error summary takes focus and links to the field.
    const summary = await expectErrorSummary([
      'Please select a new expiry date or mark as indefinite',
    ]);
    expect(dateTimeBox(endField(), 'day')).toHaveAttribute('aria-invalid', 'true');
    await user.click(
      within(summary).getByRole('link', {
        name: 'Please select a new expiry date or mark as indefinite',
      }),
    );
    expect(dateTimeBox(endField(), 'day')).toHaveFocus();
    expect(controls.inputs('updatePermit')).toEqual([]);
  });

  test.each([
    {
      field: 'start',
      value: '2026-06-01T11:00',
      shown: 'Scheduled start date must be in the future',
    },
    {
      field: 'start',
      value: '2026-06-01T12:01',
      shown: 'Scheduled start date must be at least 1 minute in the future',
    },
    { field: 'end', value: '2026-06-01T11:00', shown: 'Expiry date must be in the future' },
  ])('a $field of $value: "$shown"', async ({ field, value, shown }) => {
    const { controls, user } = renderUpdate(scheduledPermit, schedulingSite);
    await screen.findByRole('dialog', { name: 'Update Scheduled Permit' });
    await typeDateTime(user, field === 'start' ? startField() : endField(), value);
    await user.click(button('Update Schedule'));
    await expectErrorSummary([shown]);
    expect(controls.inputs('updatePermit')).toEqual([]);
  });

  test.each([
    {
      title: 'Update Scheduled Permit',
      permit: scheduledPermit,
      submit: 'Update Schedule',
      busy: 'Updating Schedule...',
      choose: async (user: UserEvent) => {
        await typeDateTime(user, startField(), '2026-06-03T10:00');
        await typeDateTime(user, endField(), '2026-06-04T18:00');
      },
      payload: { start_ts: '2026-06-03T10:00:00', end_ts: '2026-06-04T18:00:00' },
    },
    {
      title: 'Update Permit Expiry',
      permit: activePermit,
      submit: 'Update Expiry',
      busy: 'Updating Expiry...',
      choose: (user: UserEvent) => user.click(indefiniteBox()),
      payload: { end_ts: null },
    },
  ])('$submit sends one request, is busy, then refreshes the list and closes', async (variant) => {
    const { controls, list, user } = renderUpdate(variant.permit, schedulingSite);
    await screen.findByRole('dialog', { name: variant.title });
    await variant.choose(user);
    await user.dblClick(button(variant.submit));

    expect(await screen.findByRole('button', { name: variant.busy })).toBeDisabled();
    expect(button('Cancel')).toBeDisabled();
    expect(button('Close')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(controls.inputs('updatePermit')).toEqual([
      { id: variant.permit.id, payload: variant.payload },
    ]);
    expect(list.told).toEqual([]);

    await settle(controls, 'updatePermit', 'resolve', {
      ...variant.permit,
      status: 'UPDATE_PENDING',
    });
    expect(list.told).toEqual(['refresh', 'close']);
  });

  test.each([
    {
      answer: 'non_field_errors before all',
      failure: { status: 400, body: { non_field_errors: ['Too late.'], end_ts: ['Bad end.'] } },
      shown: 'Too late.',
    },
    {
      answer: 'end_ts before start_ts',
      failure: { status: 400, body: { end_ts: ['Bad end.'], start_ts: ['Bad start.'] } },
      shown: 'Bad end.',
    },
    {
      answer: 'start_ts before error',
      failure: { status: 400, body: { start_ts: ['Bad start.'], error: 'Other' } },
      shown: 'Bad start.',
    },
    {
      answer: 'error before message',
      failure: { status: 500, body: { error: 'Down.', message: 'Other' } },
      shown: 'Down.',
    },
    {
      answer: 'only a message',
      failure: { status: 500, body: { message: 'Try later.' } },
      shown: 'Try later.',
    },
    { answer: 'no message', failure: {}, shown: 'Failed to update permit. Please try again.' },
  ])(
    'a failure with $answer is shown inside the dialog, the values kept',
    async ({ failure, shown }) => {
      const { controls, list, user } = renderUpdate(activePermit, schedulingSite);
      await screen.findByRole('dialog', { name: 'Update Permit Expiry' });
      await typeDateTime(user, endField(), '2026-06-09T20:00');
      await user.click(button('Update Expiry'));
      await settle(controls, 'updatePermit', 'reject', failure);

      const dialog = screen.getByRole('dialog', { name: 'Update Permit Expiry' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        exactly(`Update Failed${shown}`),
      );
      // The failure takes focus from the busy button, inside the dialog.
      expect(within(dialog).getByRole('alert')).toHaveFocus();
      expect(dateTimeShown(endField())).toBe('2026-06-09T20:00');
      expect(button('Update Expiry')).toBeEnabled();
      expect(list.told).toEqual([]);

      await user.click(button('Update Expiry'));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(controls.inputs('updatePermit')).toHaveLength(2);
    },
  );

  test.each([
    {
      answer: 'its message',
      body: { error: true, message: 'The provider refused.' },
      shown: 'The provider refused.',
    },
    { answer: 'no message', body: { error: true }, shown: 'Failed to update permit' },
  ])(
    'a success answer carrying an error flag and $answer is a failure',
    async ({ body, shown }) => {
      const { controls, list, user } = renderUpdate(activePermit, schedulingSite);
      await screen.findByRole('dialog', { name: 'Update Permit Expiry' });
      await user.click(button('Update Expiry'));
      await settle(controls, 'updatePermit', 'resolve', body);
      expect(await screen.findByRole('alert')).toHaveTextContent(exactly(`Update Failed${shown}`));
      expect(list.told).toEqual([]);
    },
  );

  test.each([
    { way: 'Cancel', dismiss: (user: UserEvent) => user.click(button('Cancel')) },
    { way: 'the close button', dismiss: (user: UserEvent) => user.click(button('Close')) },
    { way: 'Escape', dismiss: (user: UserEvent) => user.keyboard('{Escape}') },
  ])('$way closes it without a request or a refresh', async ({ dismiss }) => {
    const { controls, list, user } = renderUpdate(scheduledPermit, schedulingSite);
    await screen.findByRole('dialog', { name: 'Update Scheduled Permit' });
    await dismiss(user);
    expect(list.told).toEqual(['close']);
    expect(controls.inputs('updatePermit')).toEqual([]);
  });
});
