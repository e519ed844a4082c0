import Papa from 'papaparse';
import { createActor, fromCallback, waitFor } from 'xstate';
import type { Permit, PermitListRequest } from '../../../../contract/permit';
import { collectPermitPages } from '../../../../machines/permits/permit-export/collect-permit-pages';
import {
  permitExportMachine,
  type CollectPermitsInput,
  type ExportedFile,
  type PermitExportEvent,
} from '../../../../machines/permits/permit-export/permit-export-machine';
import type { ListAnswer } from '../../../../machines/permits/rules/read-permit-list-body';

function permitNumber(n: number): Permit {
  return {
    id: n,
    vrm: `AB${String(n).padStart(2, '0')}CDE`.slice(0, 7),
    make: 'Ford',
    model: 'Focus',
    colour: '',
    reference_no: `REF-${n}`,
    label: false,
    driver_first: '',
    driver_last: '',
    status: 'ACTIVE',
    start_ts: '2026-07-01T09:00:00Z',
    end_ts: '9999-12-01T00:00:00Z',
  };
}

/** A list endpoint holding `total` permits, 20 a page, recording the pages asked for. */
function listOf(total: number) {
  const all = Array.from({ length: total }, (_, index) => permitNumber(index + 1));
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<ListAnswer> => {
    asked.push(page);
    const permits = all.slice((page - 1) * 20, page * 20);
    if (page > 1 && permits.length === 0) return { kind: 'pageGone' };
    return { kind: 'listed', permits, count: total };
  };
  return { all, asked, fetchPage };
}

describe('collectPermitPages', () => {
  it('reads every page once, in order, and reports progress after each batch', async () => {
    const list = listOf(205);
    const progress: Array<{ collected: number; total: number }> = [];

    const permits = await collectPermitPages(list.fetchPage, (step) => progress.push(step));

    expect(permits.map((permit) => permit.id)).toEqual(list.all.map((permit) => permit.id));
    expect([...list.asked].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 11 }, (_, i) => i + 1),
    );
    expect(progress[0]).toEqual({ collected: 20, total: 205 });
    expect(progress.at(-1)).toEqual({ collected: 205, total: 205 });
  });

  it('answers an empty list for an empty first page', async () => {
    expect(await collectPermitPages(listOf(0).fetchPage, () => {})).toEqual([]);
  });
});

describe('the export statechart', () => {
  const request: PermitListRequest = {
    status: ['ACTIVE'],
    start_date: '',
    end_date: '',
    search: 'AB',
    page: 3,
  };

  function exportAgainst(fetchPage: (page: number) => Promise<ListAnswer>) {
    const delivered: ExportedFile[] = [];
    const requests: PermitListRequest[] = [];
    const machine = permitExportMachine.provide({
      actors: {
        collectPermits: fromCallback<PermitExportEvent, CollectPermitsInput>(
          ({ input, sendBack }) => {
            requests.push(input.request);
            collectPermitPages(fetchPage, (step) => sendBack({ type: 'PROGRESS', ...step })).then(
              (permits) => sendBack({ type: 'COLLECTED', permits }),
              () => sendBack({ type: 'FAILED' }),
            );
          },
        ),
      },
      actions: { deliverFile: (_, file) => delivered.push(file) },
    });
    return { actor: createActor(machine).start(), delivered, requests };
  }

  it('downloads one CSV of every matching permit, named after the day it was asked for', async () => {
    const list = listOf(45);
    const { actor, delivered, requests } = exportAgainst(list.fetchPage);

    actor.send({ type: 'EXPORT', request, at: new Date('2026-07-01T23:30:00Z') });
    expect(actor.getSnapshot().matches('collecting')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));

    expect(requests).toEqual([request]);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.fileName).toBe('kerbside-permits-2026-07-02.csv');
    const rows = Papa.parse<string[]>(delivered[0]!.text.slice(1), { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(46);
    expect(rows.at(-1)?.[4]).toBe('REF-45');
    expect(actor.getSnapshot().context).toMatchObject({ collected: 45, total: 45, error: null });
  });

  it('downloads nothing and says so when a page fails', async () => {
    const { actor, delivered } = exportAgainst(async (page) => {
      if (page === 2) throw new Error('Network Error');
      return { kind: 'listed', permits: [permitNumber(1)], count: 45 };
    });

    actor.send({ type: 'EXPORT', request, at: new Date() });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);

    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The export failed. Please try again.');
    expect(delivered).toEqual([]);
  });
});
