import './zod-in-a-page';
import { z } from 'zod';

/** GET /api/v1/site-settings/ (docs/contract.md §3, "Site settings"). */
export const siteSettingsSchema = z
  .object({
    can_add_reference: z.boolean().meta({ description: 'Shows the reference label field.' }),
    can_schedule_permits: z
      .boolean()
      .meta({ description: 'Enables scheduling, Set Live Now and changing the start.' }),
    default_end_date_limit_hours: z.number().int().nonnegative().meta({
      description:
        '0: the resident picks the end; above 0: the permit ends that many hours after its start.',
    }),
  })
  .meta({ id: 'SiteSettings', description: 'docs/contract.md §3, "Site settings".' });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
