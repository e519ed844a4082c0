import { fromCallback } from 'xstate';
import { collectPermitPages } from '../../../../machines/permits/permit-export/collect-permit-pages';
import type {
  CollectPermitsInput,
  ExportedFile,
  PermitExportEvent,
  permitExportMachine,
} from '../../../../machines/permits/permit-export/permit-export-machine';
import { readPermitListAnswer } from '../../../../machines/permits/rules/read-permit-list-body';
import { permitsApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';
import { downloadTextFile } from '../../../ui/download-text-file';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    permitExport: typeof permitExportMachine;
  }
}

/** The CSV export: every page of the list as filtered, then the file to the device. */
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
  },
  actions: {
    deliverFile: (_, file: ExportedFile) =>
      downloadTextFile(file.fileName, 'text/csv;charset=utf-8', file.text),
  },
};
