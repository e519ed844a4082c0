import type { DateTime } from 'luxon';
import { chosenApiDateTime, inLondon, toApiDateTime } from '../rules/london-time';
import type { PermitCreatePayload } from '../../../contract/permit';
import { normaliseVrm } from '../../../contract/permit-rules';
import type { PermitFormValues } from '../permit-form/permit-form-values';
import type { SiteSettings } from '../../../contract/site-settings';

const chosenWallTime = (value: string, field: 'start' | 'end') =>
  chosenApiDateTime(value, field, 'toPermitCreatePayload');

/**
 * The POST /api/v1/permits/ body for the submitted form (docs/contract.md §3 and §5). The start is the
 * scheduled start when the site allows scheduling and the box is ticked, otherwise `now`; with
 * no chosen start the server treats a start of "now" as starting at once. The end is left to the
 * server (null) when the permit is indefinite or the site's automatic end applies.
 */
export function toPermitCreatePayload(
  values: PermitFormValues,
  settings: SiteSettings,
  now: DateTime | Date,
): PermitCreatePayload {
  const scheduled = settings.can_schedule_permits && values.schedule;
  const automaticEnd = settings.default_end_date_limit_hours > 0;
  return {
    ...(settings.can_add_reference ? { reference_label: values.reference_label.trim() } : {}),
    vrm: normaliseVrm(values.vrm),
    make: values.make.trim(),
    model: values.model.trim(),
    colour: values.colour.trim(),
    driver_first: values.driver_first.trim(),
    driver_last: values.driver_last.trim(),
    start_ts: scheduled ? chosenWallTime(values.start, 'start') : toApiDateTime(inLondon(now)),
    end_ts: values.indefinite || automaticEnd ? null : chosenWallTime(values.end, 'end'),
  };
}
