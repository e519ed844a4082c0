import { Alert, Box, Button, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useContext, useEffect, useId, useRef } from 'react';
import { ErrorAlert } from './error-alert';
import { FormBodyContext } from './form-body-context';

/** The success message, which takes focus when it appears: the button that sent is now busy. */
function SuccessMessage({ message }: { message: string }) {
  const { i18n } = useLingui();
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <Alert.Root status="success" role="status" ref={messageRef} tabIndex={-1}>
      <Alert.Indicator />
      <Alert.Title>{i18n._(message)}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * Where a submission a machine drives stands, as its form shows it: sending, succeeded, or
 * refused, with what the refusal says.
 */
export interface SubmissionProgress {
  /** The request is out: the button is busy. */
  submitting: boolean;
  succeeded: boolean;
  /** The refusal on screen; null while there is none. */
  errorMessage: string | null;
  /** Said after the message, under the same title. */
  errorDetail?: string | null;
  /** What the refusal says about single fields, by field name (the form body shows them). */
  fieldErrors?: Readonly<Partial<Record<string, string>>>;
}

/**
 * The end of a form whose submission a machine drives: the error (announced; under `errorTitle`
 * when given), the success message (when there is one), and the submit button with its idle,
 * busy and "Success!" labels, as `progress` says. The server's answer takes focus when it comes —
 * the error, unless it names fields and the error summary takes it (src/ui/error-summary.tsx) —
 * so focus never falls to the page's body. A button the form holds back (`disabled`) says why
 * under it (`heldBackBecause`): below the button, what appears as the resident types moves nothing.
 */
export function FormSubmission({
  label,
  busyLabel,
  progress,
  successMessage,
  errorTitle,
  disabled = false,
  heldBackBecause = [],
}: {
  label: string;
  busyLabel: string;
  progress: SubmissionProgress;
  successMessage?: string;
  errorTitle?: string;
  disabled?: boolean;
  /** While `disabled`, the messages that say what the button waits for. */
  heldBackBecause?: readonly string[];
}) {
  const { i18n } = useLingui();
  const { serverFieldErrors } = useContext(FormBodyContext);
  const reasonId = useId();
  const { succeeded, errorMessage } = progress;
  const heldBack = disabled && !succeeded && heldBackBecause.length > 0;
  const focusError = Object.keys(serverFieldErrors).length === 0;
  return (
    <>
      {errorMessage &&
        (errorTitle ? (
          <ErrorAlert
            key={errorMessage}
            title={errorTitle}
            message={errorMessage}
            detail={progress.errorDetail}
            focusOnShow={focusError}
          />
        ) : (
          <ErrorAlert key={errorMessage} title={errorMessage} focusOnShow={focusError} />
        ))}
      {succeeded && successMessage && <SuccessMessage message={successMessage} />}
      <Button
        type="submit"
        colorPalette="teal"
        loading={progress.submitting}
        loadingText={busyLabel}
        disabled={succeeded || disabled}
        aria-describedby={heldBack ? reasonId : undefined}
      >
        {succeeded ? i18n._('Success!') : label}
      </Button>
      {heldBack && (
        <Box id={reasonId} color="fg.muted">
          {heldBackBecause.map((reason) => (
            <Text key={reason}>{i18n._(reason)}</Text>
          ))}
        </Box>
      )}
    </>
  );
}
