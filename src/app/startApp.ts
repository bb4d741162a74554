/**
 * The page's start outside React, once per page: the public config, the session, and the
 * replicas connected to it (src/db/localFirst.ts). main.tsx calls it before React's first
 * render, so the databases open (IndexedDB answers on another thread) while that render runs;
 * Bootstrap waits for the same promise. Opening on the dashboard, its count queries start as
 * the replica opens, not a render later (issue 13's offline cold start).
 */
import { currentIdentity, initSession } from '../../replication/session';
import type { PublicConfig } from '../../schemas';
import { getDeviceDatabase } from '../db';
import { connectReplica, replicaOf } from '../db/localFirst';
import { warmDashboardQueries } from '../features/dashboard/dashboardQueries';
import { loadPublicConfig } from './publicConfig';

let starting: Promise<PublicConfig> | null = null;

export function startApp(): Promise<PublicConfig> {
  starting ??= start().catch((error: unknown) => {
    starting = null; // Bootstrap's "Try again" starts over
    throw error;
  });
  return starting;
}

async function start(): Promise<PublicConfig> {
  const { pathname } = window.location;
  // Every route outside /auth needs the device's database (SignedInRoot): it opens alongside the replica.
  if (!pathname.startsWith('/auth/')) getDeviceDatabase().catch(() => undefined);
  const config = await loadPublicConfig();
  await initSession(config);
  connectReplica(__APP_VERSION__);
  const identity = currentIdentity();
  if (identity && pathname === '/') replicaOf(identity.email).then((db) => warmDashboardQueries(db, identity.email), () => undefined);
  return config;
}
