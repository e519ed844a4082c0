import type { PermitFormValues } from './permit-form-values';
import type { SiteSettings } from '../../../contract/site-settings';

/** A form a resident could send on a site with every option off. */
export const filledForm: PermitFormValues = {
  reference_label: '',
  vrm: 'ab12 cde',
  make: 'Ford',
  model: 'Focus',
  colour: 'Blue',
  driver_first: 'Sam',
  driver_last: 'Jones',
  end: '2026-06-02T18:00',
  indefinite: false,
  schedule: false,
  start: '',
  acknowledged: true,
  vrm_confirmed: false,
  repeat_weekly: false,
  weeks: '',
};

export const plainSite: SiteSettings = {
  can_add_reference: false,
  can_schedule_permits: false,
  default_end_date_limit_hours: 0,
};

export const fullSite: SiteSettings = {
  can_add_reference: true,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};

/** 1 June 2026, 12:00:00 in London (British Summer Time). */
export const juneNoon = new Date('2026-06-01T11:00:00Z');
