import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Permit } from '../../contract/permit';
import { collectPermitPages } from '../../machines/permits/permit-export/collect-permit-pages';
import { buildPermitCsv } from '../../machines/permits/permit-export/permit-csv';
import { permitListPageSize } from '../../machines/permits/rules/permit-list-pages';
import type { ListAnswer } from '../../machines/permits/rules/read-permit-list-body';

export interface PermitExportFigures {
  permits: number;
  pages: number;
  collectMs: number;
  csvMs: number;
  csvBytes: number;
  /** The longest the event loop (a page's main thread) was held at once, in ms. */
  longestBlockMs: number;
}

function benchPermit(n: number): Permit {
  return {
    id: n,
    vrm: `KX${String(n % 100).padStart(2, '0')}ABC`,
    make: n % 7 === 0 ? '=cmd' : 'Ford',
    model: 'Focus',
    colour: 'Blue',
    reference_no: `KS-${String(n).padStart(8, '0')}`,
    label: false,
    driver_first: 'Grace',
    driver_last: 'Hopper',
    status: n % 3 === 0 ? 'EXPIRED' : 'ACTIVE',
    start_ts: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
    end_ts:
      n % 5 === 0
        ? '9999-12-01T00:00:00Z'
        : new Date(Date.UTC(2026, 0, 2) + n * 3_600_000).toISOString(),
  };
}

/**
 * "Export CSV" of `count` permits as the web app runs it (machines/permits/permit-export/collect-permit-pages.ts,
 * permit-csv.ts), against a list endpoint answered from memory after a turn of the event loop, so
 * that what is measured is the app's own work: reading the pages, building the file, and the
 * longest time the main thread is held (a page freezes while it is).
 */
export async function benchmarkPermitExport(count = 10_000): Promise<PermitExportFigures> {
  const all = Array.from({ length: count }, (_, index) => benchPermit(index + 1));
  const fetchPage = (page: number) =>
    new Promise<ListAnswer>((resolve) =>
      setImmediate(() =>
        resolve({
          kind: 'listed',
          permits: all.slice((page - 1) * permitListPageSize, page * permitListPageSize),
          count,
        }),
      ),
    );
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const permits = await collectPermitPages(fetchPage, () => {});
  const collected = performance.now();
  const csv = await buildPermitCsv(permits);
  const built = performance.now();
  // One more turn, so that a block at the very end is recorded too.
  await new Promise((resolve) => setTimeout(resolve, 5));
  delay.disable();
  if (permits.length !== count) throw new Error(`Collected ${permits.length} of ${count} permits.`);
  return {
    permits: count,
    pages: Math.ceil(count / permitListPageSize),
    collectMs: collected - started,
    csvMs: built - collected,
    csvBytes: Buffer.byteLength(csv, 'utf8'),
    longestBlockMs: delay.max / 1e6,
  };
}
