/** Cancel or Escape, from a state that waits for the resident: close without sending anything. */
export const dismissPermitDialog = {
  target: 'dismissed',
  description: 'Cancel or Escape: close the dialog without sending anything.',
} as const;

/**
 * The states every permit dialog ends with (`machines/permits/permit-dialogs/permit-action-machine.ts`,
 * `machines/permits/permit-dialogs/update-permit-machine.ts`): a failure it stays open with, and the two final
 * states, each of which runs the app's `close` action once.
 */
export const permitDialogStates = {
  /** The dialog stays open with the error; `on` retries with the dialog's send event or gives up. */
  failed: <const TOn extends object>(on: TOn) =>
    ({
      description: 'The dialog shows the error; the resident may retry or give up.',
      on,
    }) as const,
  /** The change is made: the app's list catches up through `refreshAction`, then the dialog closes. */
  changed: <const TRefreshAction extends string>(refreshAction: TRefreshAction) =>
    ({
      description: 'The change is made: the list catches up and the dialog closes.',
      type: 'final',
      entry: [refreshAction, 'close'],
    }) as const,
  /** The resident gave up: only the dialog closes. */
  dismissed: {
    description: 'The resident closed the dialog; the permit is unchanged by it.',
    type: 'final',
    entry: 'close',
  },
} as const;
