import {
  addPermitAllowance,
  type AddPermitAllowance,
} from '../../../../machines/permits/add-permit/add-permit-allowance';
import { i18n } from '../../../../src/i18n/i18n';
import { inWelsh } from '../../../support/in-welsh';
import type { PermitCapInfo } from '../../../../contract/permit';

const profile = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.test',
  active_registrations: 2,
  permit_limit: 5,
};
const monthlyCap: PermitCapInfo = {
  permits_used: 1,
  permit_cap_limit: 4,
  permits_remaining: 3,
  period_name: 'June 2026',
  permit_cap_type: 'monthly',
};

/** The allowance in English words, as the screen formats its descriptors. */
function inEnglish(allowance: AddPermitAllowance) {
  return {
    permitsLeft: allowance.permitsLeft && i18n._(allowance.permitsLeft),
    activationsLeft: allowance.activationsLeft && i18n._(allowance.activationsLeft),
    warnings: allowance.warnings.map((warning) => i18n._(warning)),
  };
}

describe('addPermitAllowance', () => {
  it('says "N permits left", never the limit, and the activations left in the cap period', () => {
    expect(inEnglish(addPermitAllowance({ profile, capInfo: monthlyCap }))).toEqual({
      permitsLeft: '3 permits left',
      activationsLeft: '3 of 4 activations left in June 2026',
      warnings: [],
    });
  });

  it('counts one permit left in the singular, in English and in Welsh', () => {
    const oneLeft = addPermitAllowance({
      profile: { ...profile, active_registrations: 4 },
      capInfo: null,
    });
    expect(inEnglish(oneLeft).permitsLeft).toBe('1 permit left');
    expect(oneLeft.permitsLeft && inWelsh(oneLeft.permitsLeft)).toBe('1 drwydded ar ôl');
  });

  it('says nothing about activations when the site sets no cap, or the cap is unknown', () => {
    const unlimited = { ...monthlyCap, permit_cap_limit: 0, permits_remaining: null };
    expect(addPermitAllowance({ profile, capInfo: unlimited }).activationsLeft).toBeNull();
    expect(addPermitAllowance({ profile, capInfo: null }).activationsLeft).toBeNull();
    expect(addPermitAllowance({ profile: null, capInfo: null })).toEqual({
      permitsLeft: null,
      activationsLeft: null,
      warnings: [],
    });
  });

  it('says so when no permit or no activation is left, and never counts below none', () => {
    const full = { ...profile, active_registrations: 6 };
    const capUsed = { ...monthlyCap, permits_used: 4, permits_remaining: 0 };
    expect(inEnglish(addPermitAllowance({ profile: full, capInfo: capUsed }))).toEqual({
      permitsLeft: '0 permits left',
      activationsLeft: '0 of 4 activations left in June 2026',
      warnings: [
        'You have no permits left, so a new one will be refused. A permit that ends or is cancelled frees its place.',
        'You have no activations left in June 2026: a permit starting now will be refused. A permit scheduled for a later period can still be added.',
      ],
    });
  });
});
