import { Alert, Button } from '@chakra-ui/react';
import { ErrorAlert } from './error-alert';

/**
 * The end of a form whose submission a machine drives: the error (announced; under `errorTitle`
 * when given), the success message (when there is one), and the submit button with its idle,
 * busy and "Success!" labels.
 */
export function FormSubmission({
  label,
  busyLabel,
  submitting,
  succeeded,
  successMessage,
  errorMessage,
  errorTitle,
  disabled = false,
}: {
  label: string;
  busyLabel: string;
  submitting: boolean;
  succeeded: boolean;
  successMessage?: string;
  errorMessage: string | null;
  errorTitle?: string;
  disabled?: boolean;
}) {
  return (
    <>
      {errorMessage &&
        (errorTitle ? (
          <ErrorAlert title={errorTitle} message={errorMessage} />
        ) : (
          <ErrorAlert title={errorMessage} />
        ))}
      {succeeded && successMessage && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{successMessage}</Alert.Title>
        </Alert.Root>
      )}
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
