import { fromCallback, fromPromise } from 'xstate';
import type { Permit } from '../../../../contract/permit';
import { collectPermitPages } from '../../../../machines/permits/permit-export/collect-permit-pages';
import { buildPermitCsv } from '../../../../machines/permits/permit-export/permit-csv';
import type {
  CollectPermitsInput,
  ExportedFile,
  PermitExportEvent,
  permitExportMachine,
} from '../../../../machines/permits/permit-export/permit-export-machine';
import { readPermitListAnswer } from '../../../../machines/permits/rules/read-permit-list-body';
import { permitsApi } from '../../../api/api-modules';
import { i18n } from '../../../i18n/i18n';
import type { ImplementationsOf } from '../../../shell/app-machines';
import { downloadTextFile } from '../../../ui/download-text-file';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    permitExport: typeof permitExportMachine;
  }
}

/**
 * The CSV export: every page of the list as filtered, then the file, headed and worded in the
 * language shown, to the device.
 */
export const permitExportActors: ImplementationsOf<typeof permitExportMachine> = {
  actors: {
    collectPermits: fromCallback<PermitExportEvent, CollectPermitsInput>(({ input, sendBack }) => {
      permitsApi()
        .then(({ listPermits }) =>
          collectPermitPages(
            (page) => readPermitListAnswer(listPermits({ ...input.request, page }), page),
            (progress) => sendBack({ type: 'PROGRESS', ...progress }),
          ),
        )
        .then(
          (permits) => sendBack({ type: 'COLLECTED', permits }),
          () => sendBack({ type: 'FAILED' }),
        );
    }),
    buildCsv: fromPromise<string, { permits: Permit[] }>(({ input }) =>
      buildPermitCsv(input.permits, undefined, (message) => i18n._(message)),
    ),
  },
  actions: {
    deliverFile: (_, file: ExportedFile) =>
      downloadTextFile(file.fileName, 'text/csv;charset=utf-8', file.text),
  },
};
