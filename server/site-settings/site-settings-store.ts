import { eq, sql } from 'drizzle-orm';
import type { SiteSettings } from '../../contract/site-settings';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { siteSettings, type PermitCapType } from '../db/schema';

/** The public settings' columns, named as the API answers them. */
export const siteSettingsColumns = {
  can_add_reference: siteSettings.canAddReference,
  can_schedule_permits: siteSettings.canSchedulePermits,
  default_end_date_limit_hours: siteSettings.defaultEndDateLimitHours,
};

const singleRow = eq(siteSettings.id, 1);

// Prepared: GET /api/v1/site-settings/ and every visitor's booking read them. A resident's permit
// writes read them with the resident (server/http/authenticate-resident.ts).
const settingsRow = preparedPerDatabase((db) =>
  db
    .select(siteSettingsColumns)
    .from(siteSettings)
    .where(singleRow)
    .prepare('kerbside_site_settings'),
);

async function read(db: Database): Promise<SiteSettings> {
  const [row] = await settingsRow(db).execute();
  if (!row) throw new Error('The site_settings row is missing: the migrations did not run.');
  return row;
}

async function update(db: Database, changes: Partial<SiteSettings>): Promise<SiteSettings> {
  const [row] = await db
    .update(siteSettings)
    .set({
      canAddReference: changes.can_add_reference,
      canSchedulePermits: changes.can_schedule_permits,
      defaultEndDateLimitHours: changes.default_end_date_limit_hours,
      updatedAt: sql`now()`,
    })
    .where(singleRow)
    .returning(siteSettingsColumns);
  if (!row) throw new Error('The site_settings row is missing: the migrations did not run.');
  return row;
}

/** The periodic activation cap; not part of the public site settings. */
export interface PermitCap {
  type: PermitCapType;
  /** Activations per resident per period; 0 means no cap. */
  limit: number;
}

/** The cap's columns, as PermitCap. */
export const permitCapColumns = {
  type: siteSettings.permitCapType,
  limit: siteSettings.permitCapLimit,
};

async function updateCap(db: Database, cap: PermitCap): Promise<PermitCap> {
  const [row] = await db
    .update(siteSettings)
    .set({ permitCapType: cap.type, permitCapLimit: cap.limit, updatedAt: sql`now()` })
    .where(singleRow)
    .returning(permitCapColumns);
  if (!row) throw new Error('The site_settings row is missing: the migrations did not run.');
  return row;
}

/** Reads and changes the single site-settings row. */
export const siteSettingsStore = { read, update, updateCap };
