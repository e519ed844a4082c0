import { Center } from '@chakra-ui/react';
import { LoadingSpinner } from '../ui/loading-spinner';
import { VisuallyHidden } from '../ui/visually-hidden';
import { useId } from 'react';

/**
 * A page-sized spinner that tells assistive technology what is being waited for (`label`, given
 * in the reader's language).
 */
export function PageSpinner({ label }: { label: string }) {
  const labelId = useId();
  return (
    <Center minH="50vh" role="status" aria-labelledby={labelId}>
      <LoadingSpinner size="lg" color="teal.600" />
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
    </Center>
  );
}
