import { Box, Heading, Link, List } from '@chakra-ui/react';
import { getIn, useFormikContext } from 'formik';
import { useContext, useEffect, useRef } from 'react';
import { FormBodyContext } from './form-body-context';
import { useReportPageProblem } from './page-problem';

/** The heading GOV.UK's error summary opens with, word for word. */
export const errorSummaryTitle = 'There is a problem';

/** One line of the summary: the message, and the field it is about. */
interface SummaryEntry {
  name: string;
  message: string;
}

/**
 * The errors the summary lists, in the order the form shows its fields: the rules' after a
 * submit, and the server's word about single fields; a field named twice shows the rules'
 * message, as the field itself does (src/ui/use-field-error.ts).
 */
function summaryEntries(
  ruleErrors: Record<string, unknown>,
  submitted: boolean,
  serverFieldErrors: Readonly<Partial<Record<string, string>>>,
  fieldOrder: readonly string[],
): SummaryEntry[] {
  const names = [
    ...new Set([...fieldOrder, ...Object.keys(ruleErrors), ...Object.keys(serverFieldErrors)]),
  ];
  return names.flatMap((name) => {
    const ruleMessage = submitted ? (getIn(ruleErrors, name) as unknown) : undefined;
    const message = typeof ruleMessage === 'string' ? ruleMessage : serverFieldErrors[name];
    return message ? [{ name, message }] : [];
  });
}

/**
 * GOV.UK's error summary (https://design-system.service.gov.uk/components/error-summary/): at the
 * top of the form, "There is a problem" and a link to each field in error, which puts focus on
 * that field. It takes focus itself after a submit the form's rules refused and when the server
 * names fields in error, so the resident hears the whole list before fixing anything.
 */
export function ErrorSummary({ fieldOrder }: { fieldOrder: readonly string[] }) {
  const { errors, submitCount, isSubmitting } = useFormikContext<Record<string, unknown>>();
  const { idPrefix, serverFieldErrors } = useContext(FormBodyContext);
  const summaryRef = useRef<HTMLDivElement>(null);
  const entries = summaryEntries(errors, submitCount > 0, serverFieldErrors, fieldOrder);
  const showing = entries.length > 0;
  useReportPageProblem(showing);

  // After each refused submit: Formik counts the submit, validates, and stops submitting.
  const handledSubmit = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    if (showing) summaryRef.current?.focus();
  }, [submitCount, isSubmitting, showing]);

  // Each time the server's answer names fields in error.
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
        {errorSummaryTitle}
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
              {message}
            </Link>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
