/** Changing the remote configuration (SPEC §3): the outage notices and each site's feature flags. */
import type { FastifyRequest } from 'fastify';
import type { BannersBody, SiteFeatures } from '../../schemas';
import { audit, type Who } from '../audit/record';
import type { Queryable } from '../db/database';
import { requireUser } from '../http/authenticate';
import { forbidden, notFound } from '../http/errors';
import type { UserRecord } from '../users/users';

/** The remote configuration is the company's: administrators (SysAdminFlag) only. */
export function requireAdministrator(request: FastifyRequest): UserRecord {
  const user = requireUser(request);
  if (!user.sys_admin_flag) throw forbidden('Only administrators can change the remote settings.');
  return user;
}

const upsert = (tx: Queryable, key: string, value: unknown) =>
  tx.query('insert into remote_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, deleted = false', [key, JSON.stringify(value)]);

/** Puts up, changes or takes down (null) the two outage notices; open clients see them through the change stream. */
export async function saveBanners(tx: Queryable, body: BannersBody, who: Who): Promise<void> {
  await upsert(tx, 'outagewarningbanner', body.outagewarningbanner);
  await upsert(tx, 'outagebanner', body.outagebanner);
  await audit(tx, who, 'settings.banners', { type: 'settings', id: 'banners' }, { warning: body.outagewarningbanner?.Title ?? null, outage: body.outagebanner?.Title ?? null });
}

/** Sets one site's flags; the row is locked by the upsert, so two sites changed at once both keep theirs. */
export async function saveSiteFeatures(tx: Queryable, siteId: number, flags: SiteFeatures, who: Who): Promise<void> {
  const [site] = await tx.query('select 1 from locations where site_id = $1 and not deleted limit 1', [siteId]);
  if (!site) throw notFound(`There is no site with id ${siteId}.`);
  await tx.query(
    `insert into remote_settings (key, value) values ('siteFeatures', jsonb_build_object($1::text, $2::jsonb))
     on conflict (key) do update set value = case when remote_settings.deleted then '{}'::jsonb else remote_settings.value end || excluded.value, deleted = false`,
    [String(siteId), JSON.stringify(flags)],
  );
  await audit(tx, who, 'settings.siteFeatures', { type: 'settings', id: `siteFeatures/${siteId}`, siteId }, { SiteId: siteId, ...flags });
}
