import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Permit, PermitListRequest } from '../../../contract/permit';
import { missingImplementation } from '../../missing-implementation';
import { buildPermitCsv, permitCsvFileName } from './permit-csv';

export const permitExportMessages = {
  failed: /*i18n*/ 'The export failed. Please try again.',
} as const;

export interface PermitExportContext {
  /** When the export was asked for: the date in the file's name. */
  askedAt: Date | null;
  collected: number;
  total: number | null;
  error: string | null;
}

export type PermitExportEvent =
  | { type: 'EXPORT'; request: PermitListRequest; at: Date }
  | { type: 'PROGRESS'; collected: number; total: number }
  | { type: 'COLLECTED'; permits: Permit[] }
  | { type: 'FAILED' };

/** What the collecting actor is given: the list query, without its page. */
export interface CollectPermitsInput {
  request: PermitListRequest;
}

/** The file handed to the browser. */
export interface ExportedFile {
  fileName: string;
  text: string;
}

/**
 * My Permits' "Export CSV": reads every permit matching the list's filters and search, page by
 * page (machines/permits/permit-export/collect-permit-pages.ts) while showing how far it has come, then hands
 * the CSV (machines/permits/permit-export/permit-csv.ts) to the browser as a download.
 */
export const permitExportMachine = setup({
  types: {
    context: {} as PermitExportContext,
    events: {} as PermitExportEvent,
  },
  actors: {
    collectPermits: fromCallback<PermitExportEvent, CollectPermitsInput>(() =>
      missingImplementation('permitExport', 'actor', 'collectPermits'),
    ),
    // Pure work, a slice of rows at a time (permit-csv.ts), in English; the app words the file in
    // the reader's language (src/features/permits/permit-export/permit-export-actors.ts).
    buildCsv: fromPromise<string, { permits: Permit[] }>(({ input }) =>
      buildPermitCsv(input.permits),
    ),
  },
  actions: {
    deliverFile: (_, _params: ExportedFile) =>
      missingImplementation('permitExport', 'action', 'deliverFile'),
    startExport: assign((_, params: { at: Date }) => ({
      askedAt: params.at,
      collected: 0,
      total: null,
      error: null,
    })),
    showProgress: assign((_, params: { collected: number; total: number | null }) => params),
    showFailure: assign({ error: permitExportMessages.failed }),
  },
}).createMachine({
  id: 'permitExport',
  description: 'Export CSV: every permit the filters match, gathered page by page into a file.',
  context: { askedAt: null, collected: 0, total: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: '"Export CSV" is offered; a message shows when the last export failed.',
      on: {
        EXPORT: {
          target: 'collecting',
          description: 'The resident asks for the CSV of the list as filtered and searched now.',
          actions: { type: 'startExport', params: ({ event }) => ({ at: event.at }) },
        },
      },
    },
    collecting: {
      description: 'The permits are read page by page; a progress bar shows how many are in hand.',
      invoke: {
        id: 'collectPermits',
        src: 'collectPermits',
        input: ({ event }) => ({
          request: (event as Extract<PermitExportEvent, { type: 'EXPORT' }>).request,
        }),
      },
      on: {
        PROGRESS: {
          description: 'Another page arrived: the progress moves on.',
          actions: {
            type: 'showProgress',
            params: ({ event }) => ({ collected: event.collected, total: event.total }),
          },
        },
        COLLECTED: {
          target: 'building',
          description: 'Every page is in: the file is made from them.',
        },
        FAILED: {
          target: 'idle',
          description: 'A page could not be read: nothing is downloaded and a message says so.',
          actions: 'showFailure',
        },
      },
    },
    building: {
      description: 'The CSV is made a slice of rows at a time, so the page stays responsive.',
      invoke: {
        id: 'buildCsv',
        src: 'buildCsv',
        input: ({ event }) => ({
          permits: (event as Extract<PermitExportEvent, { type: 'COLLECTED' }>).permits,
        }),
        onDone: {
          target: 'idle',
          description: 'The file is ready: the browser downloads it.',
          actions: {
            type: 'deliverFile',
            params: ({ context, event }) => ({
              fileName: permitCsvFileName(context.askedAt ?? new Date()),
              text: event.output,
            }),
          },
        },
        onError: {
          target: 'idle',
          description: 'The file could not be made: nothing is downloaded and a message says so.',
          actions: 'showFailure',
        },
      },
    },
  },
});
