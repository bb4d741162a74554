/**
 * Changes of the remote configuration, each one outbox entry (DESIGN.md §4.2): the server puts
 * them in the sitedata collection, and the change stream brings them to every open client.
 */
import { appendToOutbox } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { BannersBody, OutboxEntry, SiteFeatures } from '../../../schemas';

export interface Writer {
  db: ReplicaDatabase;
  owner: string;
}

export const saveBanners = ({ db, owner }: Writer, body: BannersBody): Promise<OutboxEntry> =>
  appendToOutbox(db, owner, { method: 'PUT', path: '/settings/banners', body, label: 'Change the outage banners' });

export const saveSiteFeatures = ({ db, owner }: Writer, siteId: number, flags: SiteFeatures): Promise<OutboxEntry> =>
  appendToOutbox(db, owner, { method: 'PUT', path: `/settings/sites/${siteId}`, body: flags, label: `Change the feature flags of site ${siteId}` });
