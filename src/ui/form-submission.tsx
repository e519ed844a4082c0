import { Alert, Button } from '@chakra-ui/react';
import { useContext, useEffect, useRef } from 'react';
import { ErrorAlert } from './error-alert';
import { FormBodyContext } from './form-body-context';

/** The success message, which takes focus when it appears: the button that sent is now busy. */
function SuccessMessage({ message }: { message: string }) {
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <Alert.Root status="success" role="status" ref={messageRef} tabIndex={-1}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * The end of a form whose submission a machine drives: the error (announced; under `errorTitle`
 * when given), the success message (when there is one), and the submit button with its idle,
 * busy and "Success!" labels. The server's answer takes focus when it comes — the error, unless
 * it names fields and the error summary takes it (src/ui/error-summary.tsx) — so focus never
 * falls to the page's body.
 */
export function FormSubmission({
  label,
  busyLabel,
  submitting,
  succeeded,
  successMessage,
  errorMessage,
  errorDetail,
  errorTitle,
  disabled = false,
}: {
  label: string;
  busyLabel: string;
  submitting: boolean;
  succeeded: boolean;
  successMessage?: string;
  errorMessage: string | null;
  /** Said after the message, under the same title. */
  errorDetail?: string | null;
  errorTitle?: string;
  disabled?: boolean;
}) {
  const { serverFieldErrors } = useContext(FormBodyContext);
  const focusError = Object.keys(serverFieldErrors).length === 0;
  return (
    <>
      {errorMessage &&
        (errorTitle ? (
          <ErrorAlert
            key={errorMessage}
            title={errorTitle}
            message={errorMessage}
            detail={errorDetail}
            focusOnShow={focusError}
          />
        ) : (
          <ErrorAlert key={errorMessage} title={errorMessage} focusOnShow={focusError} />
        ))}
      {succeeded && successMessage && <SuccessMessage message={successMessage} />}
      <Button
        type="submit"
        colorPalette="teal"
        loading={submitting}
        loadingText={busyLabel}
        disabled={succeeded || disabled}
      >
        {succeeded ? 'Success!' : label}
      </Button>
    </>
  );
}
