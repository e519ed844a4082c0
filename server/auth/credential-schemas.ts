import { z } from 'zod';
import { passwordRuleErrors } from './password-rule-errors';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { abort: true })
  .max(254, { abort: true })
  .pipe(z.email());

/** A password as the resident typed it, to compare with the stored one. */
const password = z.string().min(1).max(128);

/** A password being chosen (register, change, reset): it must follow the rule of docs/contract.md §9. */
const newPassword = z
  .string()
  .min(1, { abort: true })
  .max(128, { abort: true })
  .superRefine((value, context) => {
    for (const message of passwordRuleErrors(value)) context.addIssue({ code: 'custom', message });
  });

/** The request-body fields every credential route reads the same way. */
export const credentialSchemas = { email, password, newPassword };
