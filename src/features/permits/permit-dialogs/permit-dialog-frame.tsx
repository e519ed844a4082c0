import { CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { ErrorAlert } from '../../../ui/error-alert';
import { useEffect, type ReactNode } from 'react';
import { focusIsLost } from '../../../ui/focus-is-lost';
import { focusPageHeading } from '../../../ui/focus-page-heading';
import type { PermitDialogError } from '../../../../machines/permits/permit-dialogs/permit-action-error-message';

/**
 * The frame every My Permits dialog shares: always open while mounted (the list screen mounts
 * it per opening), with the title, the body, the failed request's error under its title (which
 * takes focus when it comes, from the busy button), and the footer's buttons. Escape, the close button and a click outside ask to dismiss through
 * `onDismiss`; while `busy` none of them is offered, because the request is out and the list
 * must see its outcome.
 */
export function PermitDialogFrame({
  title,
  role,
  busy,
  error,
  onDismiss,
  footer,
  children,
}: {
  title: string;
  role: 'dialog' | 'alertdialog';
  busy: boolean;
  error: PermitDialogError | null;
  onDismiss: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  // When the dialog goes, focus returns to the button that opened it; if the list changed and
  // took that button away, it would fall to the page's body: the page's heading takes it then.
  useEffect(
    () => () => {
      window.setTimeout(() => {
        if (focusIsLost()) focusPageHeading();
      });
    },
    [],
  );
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open
      role={role}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={4}>
                {children}
                {error && (
                  <ErrorAlert
                    key={`${error.title} ${error.message}`}
                    title={error.title}
                    message={error.message}
                    focusOnShow
                  />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={busy}>
              {/* Chakra names it "Close" in English whatever the page's language. */}
              <CloseButton size="sm" aria-label={i18n._('Close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
