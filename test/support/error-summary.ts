import { screen, waitFor, within } from '@testing-library/react';
import { errorSummaryTitle } from '../../src/ui/error-summary';

/** The error summary at the top of a form, once it shows ("There is a problem"). */
export function findErrorSummary(): Promise<HTMLElement> {
  return screen.findByRole('alert', { name: errorSummaryTitle });
}

/**
 * Waits for the error summary and checks it lists exactly `messages`, each as a link, and holds
 * focus (GOV.UK: focus moves to the summary after a refused submit).
 */
export async function expectErrorSummary(messages: readonly string[]): Promise<HTMLElement> {
  const summary = await findErrorSummary();
  expect(
    within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(messages);
  // Formik stops submitting just after it shows the errors; focus follows then.
  await waitFor(() => expect(summary).toHaveFocus());
  return summary;
}

/** The error banners (the spec's messages) on screen, leaving out the error summary. */
export function queryErrorBanners(): HTMLElement[] {
  return screen
    .queryAllByRole('alert')
    .filter((alert) => alert.getAttribute('aria-labelledby') === null);
}

/** The form's error banner (the spec's message), as against the error summary above the fields. */
export async function findErrorBanner(): Promise<HTMLElement> {
  await screen.findAllByRole('alert');
  const banners = queryErrorBanners();
  if (banners.length !== 1) throw new Error(`Expected one error banner, found ${banners.length}`);
  return banners[0]!;
}
