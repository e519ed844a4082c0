import { Box, Spinner, type BoxProps, type SpinnerProps } from '@chakra-ui/react';
import { useId } from 'react';
import { VisuallyHidden } from './visually-hidden';

/**
 * The spinner of a page or screen waiting for its content. It shows at once, as the spec asks, and
 * starts turning after a second: most waits end sooner, and a turning spinner makes the browser
 * draw a frame at every refresh of the screen, work that competed with the app's start on the
 * phone bench's two cores (docs/decisions/028-a-spinner-turns-after-a-second.md).
 */
export function LoadingSpinner(props: SpinnerProps) {
  return <Spinner animationDelay="1s" {...props} />;
}

/**
 * A screen's content loading: a status named and worded `label` (hidden text, as the page spinner
 * of src/shell/page-spinner.tsx has), so a screen reader says it, not only finds it.
 */
export function LoadingStatus({ label, ...boxProps }: { label: string } & BoxProps) {
  const labelId = useId();
  return (
    <Box role="status" aria-labelledby={labelId} {...boxProps}>
      <LoadingSpinner />
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
    </Box>
  );
}
