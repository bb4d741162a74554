import type { RemoteSettings } from '../../schemas';
import type { Queryable } from '../db/database';

/** What each setting is when nothing is stored for it. */
export const SETTING_DEFAULTS: RemoteSettings = {
  outagewarningbanner: null,
  outagebanner: null,
  plotPlanEnabled: false,
  workOrdersEnabled: true,
  copyEnabled: true,
  serviceDeskEmail: 'servicedesk@example.com',
  cardsExpandedSites: [21],
  cardPrintSites: [65],
  siteFeatures: {},
};

/** Remote configuration settings, stored as key/value pairs, over their defaults. */
export async function remoteSettings(db: Queryable): Promise<RemoteSettings> {
  const rows = await db.query<{ key: string; value: unknown }>('select key, value from remote_settings where not deleted');
  const stored = Object.fromEntries(rows.filter((r) => r.key in SETTING_DEFAULTS).map((r) => [r.key, r.value]));
  return { ...SETTING_DEFAULTS, ...stored } as RemoteSettings;
}

export async function companyName(db: Queryable): Promise<string> {
  const rows = await db.query<{ value: string }>(`select value from remote_settings where key = 'companyName' and not deleted`);
  return rows[0]?.value ?? 'OpenPermit';
}
