/**
 * The permit rules both sides apply, as plain values (no zod here: the web app's form chunks
 * import them, and a schema library would add its bytes there). The API host's zod schemas
 * (contract/permit.ts) and the add form's Yup schema (machines/permits/permit-form/permit-form-schema.ts)
 * read them from here, so each rule is written once.
 */

/** The longest text each permit field holds (the specification gives none; these are the host's). */
export const permitFieldMaxLengths = {
  /** Letters and digits, after spaces, hyphens and dots are taken out (`normaliseVrm`). */
  vrm: 10,
  make: 50,
  model: 50,
  colour: 30,
  driver_first: 50,
  driver_last: 50,
  reference_label: 50,
} as const;

/** The longest reference label the host stores; the web app holds labels it makes to it. */
export const referenceLabelMaxLength = permitFieldMaxLengths.reference_label;

/**
 * A registration as the host stores it and the web app compares it: upper case, with spaces,
 * hyphens and dots (as pasted from a document) taken out.
 */
export function normaliseVrm(typed: string): string {
  return typed.toUpperCase().replace(/[\s.\-\u2010-\u2015]/g, '');
}

/** What a normalised registration may hold. */
export const vrmPattern = /^[A-Z0-9]+$/;

export const vrmInvalidMessage =
  /*i18n*/ 'Enter a valid registration number (letters and digits only).';

/** How far ahead a scheduled start must be (docs/contract.md §5); nearer counts as now. */
export const minimumScheduleLeadMinutes = 1;

/** The answers to a start too soon and an end already past, the form's and the host's alike. */
export const startTooSoonMessage =
  /*i18n*/ 'Scheduled start date must be at least 1 minute in the future';
export const endInPastMessage = /*i18n*/ 'Expiry date must be in the future';

/** Rows per page of GET /api/v1/permits/ (docs/contract.md §2, My Permits). */
export const permitListPageSize = 20;

/** The longest `search` the list accepts. */
export const permitSearchMaxLength = 100;
