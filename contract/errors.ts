import './zod-in-a-page';
import { z } from 'zod';

/**
 * The refusals' shapes, as Django REST framework writes them (docs/contract.md §8): a message for
 * the resident under `detail`, or each field's messages under its name, with `non_field_errors`
 * for those about the whole request.
 */
export const detailErrorSchema = z
  .object({ detail: z.string() })
  .meta({ id: 'DetailError', description: 'A refusal with one message, `detail`.' });

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string())).meta({
  id: 'FieldErrors',
  description:
    'Each field’s messages under its name; `non_field_errors` for those about the whole request.',
  example: { vrm: ['This field may not be blank.'] },
});
