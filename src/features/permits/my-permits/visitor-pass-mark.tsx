import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { unnamedPassName } from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-rules';

/**
 * Under a permit's registration, the visitor pass it was booked through ("Visitor pass: Mum"),
 * when it was: the passes list names each pass's permits (src/features/permits/my-permits/use-visitor-passes.ts).
 * A pass the resident gave no name is marked "Visitor pass" alone, in the reader's language.
 */
export function VisitorPassMark({ name }: { name: string | undefined }) {
  const { i18n } = useLingui();
  if (name === undefined) return null;
  return (
    <Text as="span" display="block" fontSize="xs" fontWeight="normal" color="fg.muted">
      {name === unnamedPassName
        ? i18n._(unnamedPassName)
        : i18n._('Visitor pass: {name}', { name })}
    </Text>
  );
}
