import { constraintViolation } from '../db/constraint-violation';
import { HttpError } from '../http/http-error';
import { hostTexts, hostTextTemplates } from '../../contract/host-texts';
import { filledTemplate } from '../../contract/filled-template';

export const overlappingPermitMessage = hostTexts.overlappingPermit;

export function heldReferenceMessage(referenceNo: string): string {
  return filledTemplate(hostTextTemplates.heldReference, { referenceNo });
}

/**
 * True when a write broke the exclusion constraint that keeps one resident's permits for one
 * vehicle from overlapping (migration 0011; docs/decisions/017-duplicate-permits-per-resident.md).
 */
export function isPermitOverlap(error: unknown): boolean {
  const found = constraintViolation(error);
  return found?.code === '23P01' && found.constraint === 'permits_no_overlap_per_resident_vehicle';
}

/**
 * Turns the database's refusal of a permit into the API's answer: the exclusion constraint
 * (23P01) on a resident's overlapping times for one vehicle, or the unique index (23505) on a resident's held
 * reference numbers. Anything else is returned unchanged, to be rethrown.
 */
export function permitConstraintError(error: unknown, referenceNo: string): unknown {
  if (isPermitOverlap(error)) {
    return new HttpError(400, { non_field_errors: [overlappingPermitMessage] });
  }
  const found = constraintViolation(error);
  if (found?.code === '23505' && found.constraint === 'permits_held_reference_per_user') {
    return new HttpError(400, { reference_label: [heldReferenceMessage(referenceNo)] });
  }
  return error;
}
