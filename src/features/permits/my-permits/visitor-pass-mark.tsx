import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';

/**
 * Under a permit's registration, the visitor pass it was booked through ("Visitor pass: Mum"),
 * when it was: the passes list names each pass's permits (src/features/permits/my-permits/use-visitor-passes.ts).
 */
export function VisitorPassMark({ name }: { name: string | undefined }) {
  const { i18n } = useLingui();
  if (name === undefined) return null;
  return (
    <Text as="span" display="block" fontSize="xs" fontWeight="normal" color="fg.muted">
      {i18n._('Visitor pass: {name}', { name })}
    </Text>
  );
}
