import type * as yup from 'yup';

/**
 * A form field held to the longest text the API host stores (contract/account-rules.ts,
 * contract/permit-rules.ts), told on the field rather than as the host's refusal after sending.
 */
export function withinHostLength(
  schema: yup.StringSchema<string | undefined>,
  max: number,
  name: string,
) {
  return schema.max(max, tooLongMessage(name, max));
}

/** What a form says of a field longer than the host holds: "Make must be 50 characters or fewer". */
export function tooLongMessage(name: string, max: number): string {
  return `${name} must be ${max} characters or fewer`;
}
