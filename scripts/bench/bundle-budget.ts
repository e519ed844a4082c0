import budget from './bundle-budget.json';
import type { BundleSizes } from './measure-bundle';

export interface BudgetLine {
  measure: string;
  usedBytes: number;
  budgetBytes: number;
  /** used / budget: above 1 the bundle is over budget. */
  ratio: number;
}

/** Each measured size against its budget in bundle-budget.json, the one place budgets are set. */
export function bundleBudget(sizes: BundleSizes): BudgetLine[] {
  const line = (measure: string, usedBytes: number, budgetBytes: number): BudgetLine => ({
    measure,
    usedBytes,
    budgetBytes,
    ratio: usedBytes / budgetBytes,
  });
  return [
    line(
      `JavaScript Chromium loads for /login (gzip; ${sizes.loginPageScripts.scripts.length} scripts)`,
      sizes.loginPageScripts.totalGzipBytes,
      budget.loginPageScriptsGzipBytes,
    ),
    line('initial JavaScript (gzip)', sizes.initialJsGzipBytes, budget.initialJsGzipBytes),
    line(
      `largest lazy route chunk (gzip; ${sizes.largestLazyChunkName})`,
      sizes.largestLazyChunkGzipBytes,
      budget.largestLazyChunkGzipBytes,
    ),
    line(
      'framer-motion (gzip; with the screens that animate)',
      sizes.motionVendorGzipBytes,
      budget.motionVendorGzipBytes,
    ),
    line(
      "the visitor's page beyond the app's start (gzip; its screen and what it shares)",
      sizes.visitorPageGzipBytes,
      budget.visitorPageGzipBytes,
    ),
    line(
      'the Welsh catalogue (gzip; loaded only when Welsh is chosen)',
      sizes.welshCatalogueGzipBytes,
      budget.welshCatalogueGzipBytes,
    ),
  ];
}
