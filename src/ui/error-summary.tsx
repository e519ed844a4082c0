import { Box, Heading, Link, List } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { getIn, useFormikContext } from 'formik';
import { useContext, useEffect, useRef, useState } from 'react';
import { FormBodyContext } from './form-body-context';
import { useReportPageProblem } from './page-problem';
import { readersText } from '../i18n/readers-text';

/** The heading GOV.UK's error summary opens with, word for word. */
export const errorSummaryTitle = /*i18n*/ 'There is a problem';

/** One line of the summary: the message, and the field it is about. */
interface SummaryEntry {
  name: string;
  message: string;
}

/**
 * The errors the summary lists, in the order the form shows its fields: the rules' word on each
 * field the last submit was refused for (while the field is still wrong), and the server's word
 * about single fields; a field named twice shows the rules' message, as the field itself does
 * (src/ui/use-field-error.ts).
 */
function summaryEntries(
  ruleErrors: Record<string, unknown>,
  refusedFields: readonly string[],
  serverFieldErrors: Readonly<Partial<Record<string, string>>>,
  fieldOrder: readonly string[],
): SummaryEntry[] {
  const names = [...new Set([...fieldOrder, ...refusedFields, ...Object.keys(serverFieldErrors)])];
  return names.flatMap((name) => {
    const ruleMessage = refusedFields.includes(name) ? (getIn(ruleErrors, name) as unknown) : null;
    const message = typeof ruleMessage === 'string' ? ruleMessage : serverFieldErrors[name];
    return message ? [{ name, message }] : [];
  });
}

/** The fields a set of Formik errors names (their messages are strings). */
function fieldsInError(errors: Record<string, unknown>): string[] {
  return Object.keys(errors).filter((name) => typeof errors[name] === 'string');
}

/**
 * GOV.UK's error summary (https://design-system.service.gov.uk/components/error-summary/): at the
 * top of the form, "There is a problem" and a link to each field in error, which puts focus on
 * that field. It takes focus itself after a submit the form's rules refused and when the server
 * names fields in error, so the resident hears the whole list before fixing anything.
 */
export function ErrorSummary({ fieldOrder }: { fieldOrder: readonly string[] }) {
  const { i18n } = useLingui();
  const { errors, submitCount, isSubmitting } = useFormikContext<Record<string, unknown>>();
  const { idPrefix, serverFieldErrors } = useContext(FormBodyContext);
  const summaryRef = useRef<HTMLDivElement>(null);
  // The fields the last submit was refused for, taken when Formik has finished it: a
  // validation still running from an earlier keystroke cannot put a fixed field back.
  const [lastSubmit, setLastSubmit] = useState({ count: 0, refused: [] as readonly string[] });
  if (!isSubmitting && submitCount !== lastSubmit.count) {
    setLastSubmit({ count: submitCount, refused: fieldsInError(errors) });
  }
  const entries = summaryEntries(errors, lastSubmit.refused, serverFieldErrors, fieldOrder);
  const showing = entries.length > 0;
  useReportPageProblem(showing);

  // After each refused submit, and each time the server's answer names fields in error.
  useEffect(() => {
    if (lastSubmit.refused.length > 0) summaryRef.current?.focus();
  }, [lastSubmit]);
  useEffect(() => {
    if (Object.keys(serverFieldErrors).length > 0) summaryRef.current?.focus();
  }, [serverFieldErrors]);

  if (!showing) return null;
  return (
    <Box
      ref={summaryRef}
      role="alert"
      tabIndex={-1}
      aria-labelledby={`${idPrefix}error-summary-title`}
      borderWidth="4px"
      borderColor="fg.error"
      p={4}
    >
      <Heading as="h2" size="md" mb={3} id={`${idPrefix}error-summary-title`}>
        {i18n._(errorSummaryTitle)}
      </Heading>
      <List.Root gap={2} listStyle="none">
        {entries.map(({ name, message }) => (
          <List.Item key={name}>
            <Link
              href={`#${idPrefix}${name}`}
              color="fg.error"
              fontWeight="bold"
              textDecoration="underline"
              onClick={(event) => {
                event.preventDefault();
                const control = document.getElementById(`${idPrefix}${name}`);
                control?.scrollIntoView?.({ block: 'center' });
                control?.focus();
              }}
            >
              {readersText(i18n, message)}
            </Link>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
