import { Alert } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { readersText } from '../i18n/readers-text';
import { useReportPageProblem } from './page-problem';

/**
 * An error the resident must notice, announced at once (`role="alert"`): a title alone, a title
 * with the message under it (and a `detail` after the message, which keeps its own words), or (without a title) what `children` lay out, such as a list. With `focusOnShow` it takes focus when it appears (a server's
 * answer), so focus never falls to the page's body while the button that sent the form is busy.
 * Its texts may come from a machine or the server's mapped refusals (English ids, lingui.config.ts):
 * they are shown in the reader's language (`readersText`); a text not known is shown as it came.
 */
export function ErrorAlert({
  title,
  message,
  detail,
  focusOnShow = false,
  children,
}: {
  title?: string;
  message?: string;
  detail?: string | null;
  focusOnShow?: boolean;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const alertRef = useRef<HTMLDivElement>(null);
  useReportPageProblem(true);
  useEffect(() => {
    if (focusOnShow) alertRef.current?.focus();
  }, [focusOnShow]);
  return (
    <Alert.Root status="error" role="alert" ref={alertRef} tabIndex={-1}>
      <Alert.Indicator />
      {children ? (
        <Alert.Content>{children}</Alert.Content>
      ) : message ? (
        <Alert.Content>
          <Alert.Title>{title && readersText(i18n, title)}</Alert.Title>
          <Alert.Description>{readersText(i18n, message)}</Alert.Description>
          {detail && <Alert.Description>{readersText(i18n, detail)}</Alert.Description>}
        </Alert.Content>
      ) : (
        <Alert.Title>{title && readersText(i18n, title)}</Alert.Title>
      )}
    </Alert.Root>
  );
}
