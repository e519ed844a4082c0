import {
  hasPendingPermit,
  pendingPermitStatuses,
  permitActionLabels,
  permitActionsFor,
  permitStatusDisplay,
  permitStatusTable,
  updatablePermitTimes,
  type PermitActionSettings,
} from '../../../../machines/permits/rules/permit-status-table';
import { permitStatuses, type PermitStatus } from '../../../../contract/permit-status';

const schedulingSite: PermitActionSettings = {
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};
const plainSite: PermitActionSettings = {
  can_schedule_permits: false,
  default_end_date_limit_hours: 0,
};
const automaticEndSite: PermitActionSettings = {
  can_schedule_permits: false,
  default_end_date_limit_hours: 24,
};

describe('permitStatusTable', () => {
  it('gives every status the label and colour of the spec table', () => {
    expect(permitStatusTable).toEqual({
      ACTIVE: { label: 'Active', colour: 'green' },
      SCHEDULED: { label: 'Scheduled', colour: 'blue' },
      QUEUED: { label: 'Queued', colour: 'gray' },
      CANCEL_PENDING: { label: 'Cancelling…', colour: 'orange' },
      CANCELLED: { label: 'Cancelled', colour: 'gray' },
      CANCEL_FAILED: { label: 'Cancel failed', colour: 'red' },
      UPDATE_PENDING: { label: 'Updating…', colour: 'orange' },
      UPDATE_FAILED: { label: 'Update Failed', colour: 'red' },
      EXPIRE_PENDING: { label: 'Expiring…', colour: 'yellow' },
      EXPIRED: { label: 'Expired', colour: 'gray' },
      FAILED: { label: 'Failed', colour: 'red' },
      FAILED_LIMIT: { label: 'Failed - Limit Exceeded', colour: 'purple' },
    });
  });

  it('covers every status and nothing else', () => {
    expect(Object.keys(permitStatusTable).sort()).toEqual([...permitStatuses].sort());
  });
});

describe('permitStatusDisplay', () => {
  it.each(permitStatuses)('shows %s from the table', (status) => {
    expect(permitStatusDisplay(status)).toEqual(permitStatusTable[status]);
  });

  it('shows a status the table does not know by its own name, in grey', () => {
    expect(permitStatusDisplay('ON_HOLD')).toEqual({ label: 'ON_HOLD', colour: 'gray' });
  });

  it('does not take an inherited property for a status', () => {
    expect(permitStatusDisplay('toString')).toEqual({ label: 'toString', colour: 'gray' });
  });
});

describe('permitActionLabels', () => {
  it('words the row buttons as the spec does', () => {
    expect(permitActionLabels).toEqual({
      update: 'Update',
      activate: 'Set Live Now',
      cancel: 'Cancel',
    });
  });
});

describe('permitActionsFor', () => {
  const expectedOnSchedulingSite: Record<PermitStatus, string[]> = {
    ACTIVE: ['cancel'],
    SCHEDULED: ['update', 'activate', 'cancel'],
    QUEUED: ['cancel'],
    CANCEL_PENDING: [],
    CANCELLED: [],
    CANCEL_FAILED: [],
    UPDATE_PENDING: ['cancel'],
    UPDATE_FAILED: ['cancel'],
    EXPIRE_PENDING: [],
    EXPIRED: [],
    FAILED: [],
    FAILED_LIMIT: [],
  };

  it.each(permitStatuses)('offers the spec actions for %s on a site that schedules', (status) => {
    expect(permitActionsFor(status, schedulingSite)).toEqual(expectedOnSchedulingSite[status]);
  });

  it('offers no Set Live Now where the site cannot schedule, but still Update for the end', () => {
    expect(permitActionsFor('SCHEDULED', plainSite)).toEqual(['update', 'cancel']);
  });

  it('offers Set Live Now and Update where the site schedules with an automatic end', () => {
    expect(
      permitActionsFor('SCHEDULED', { ...automaticEndSite, can_schedule_permits: true }),
    ).toEqual(['update', 'activate', 'cancel']);
  });

  it('offers no Update where neither the start nor the end of the permit may change', () => {
    expect(permitActionsFor('SCHEDULED', automaticEndSite)).toEqual(['cancel']);
  });

  it.each(permitStatuses.filter((status) => status !== 'SCHEDULED'))(
    'never offers Update or Set Live Now for %s',
    (status) => {
      for (const settings of [schedulingSite, plainSite, automaticEndSite]) {
        const actions = permitActionsFor(status, settings);
        expect(actions).not.toContain('update');
        expect(actions).not.toContain('activate');
      }
    },
  );
});

describe('updatablePermitTimes', () => {
  it('lets a scheduled permit change its start only where the site schedules', () => {
    expect(updatablePermitTimes('SCHEDULED', schedulingSite)).toEqual({ start: true, end: true });
    expect(updatablePermitTimes('SCHEDULED', plainSite)).toEqual({ start: false, end: true });
  });

  it('lets no end change under an automatic end', () => {
    expect(updatablePermitTimes('SCHEDULED', automaticEndSite)).toEqual({
      start: false,
      end: false,
    });
  });

  it('changes nothing of a permit that is not scheduled', () => {
    expect(updatablePermitTimes('ACTIVE', schedulingSite)).toEqual({ start: false, end: false });
  });
});

describe('pending statuses', () => {
  it('are the four the background system is still working on', () => {
    expect(pendingPermitStatuses).toEqual([
      'QUEUED',
      'CANCEL_PENDING',
      'UPDATE_PENDING',
      'EXPIRE_PENDING',
    ]);
  });

  it.each(permitStatuses)(
    'a page holding a %s permit is pending or not as the spec says',
    (status) => {
      const others: { status: PermitStatus }[] = [{ status: 'ACTIVE' }, { status: 'EXPIRED' }];
      expect(hasPendingPermit([...others, { status }])).toBe(
        ['QUEUED', 'CANCEL_PENDING', 'UPDATE_PENDING', 'EXPIRE_PENDING'].includes(status),
      );
    },
  );

  it('an empty page is not pending', () => {
    expect(hasPendingPermit([])).toBe(false);
  });
});
