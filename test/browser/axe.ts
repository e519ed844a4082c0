import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules every browser test holds a screen to. */
export const axeRunOptions: axe.RunOptions = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
  },
};

/** What of a violation crosses from any browser engine back to the test: plain data. */
export type AxeViolationSummary = Pick<axe.Result, 'id' | 'impact' | 'help'> & {
  nodes: Array<{ html: string; failureSummary?: string }>;
};

/** A violation as a readable line, so a failing expectation names the rule and the elements. */
export function describeAxeViolation(violation: AxeViolationSummary): string {
  return `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
    .map((node) => `${node.html} (${node.failureSummary ?? ''})`)
    .join(', ')}`;
}

/**
 * Runs axe-core inside the page once its transitions have settled and answers its violations
 * as readable lines. The page gets axe from node_modules; no network is involved.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours read mid-transition (a button fading back from its busy look) are not what stays on
  // screen: let running CSS transitions and animations finish first.
  // A spinner's endless animation is left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the browser's protocol, not added as an inline <script>, which a page's
  // Content-Security-Policy may refuse.
  if (!loaded) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    axeRunOptions,
  );
  return results.violations.map(describeAxeViolation);
}
