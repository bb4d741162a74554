import type { PermitState, PermitsByStateReport } from '../../schemas';
import { replicaLocations } from '../../domain/replicaScope';
import type { Queryable } from '../db/database';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, preferencesOf, type UserRecord } from '../users/users';

/**
 * Counts of permits by location, then state (SPEC §2 Reports, §7 report search), over the
 * locations the user may view: the home location and what lies below it where the View
 * permission reaches (SPEC §6), the same set the user's replica and permit lists cover. Unlike
 * the replica it counts every permit there, not only the last 15 days'. No View permission
 * means an empty report.
 */
export async function permitsByState(db: Queryable, user: UserRecord, states: readonly PermitState[] | undefined): Promise<PermitsByStateReport> {
  const tree = await loadLocationTree(db);
  const { viewable } = replicaLocations(granteeOf(user), tree, preferencesOf(user).HomeLocationId);
  if (viewable.length === 0) return { Locations: [], Total: 0 };
  const rows = await db.query<{ location_id: number; state: string; count: string | number }>(
    `select location_id, state, count(*) as count from permits
      where not deleted and location_id = any($1::int[]) and ($2::text[] is null or state = any($2::text[]))
      group by location_id, state order by location_id, state`,
    [viewable, states && states.length > 0 ? [...states] : null],
  );
  const byLocation = new Map<number, { LocationId: number; Counts: Record<string, number>; Total: number }>();
  for (const row of rows) {
    const entry = byLocation.get(row.location_id) ?? { LocationId: row.location_id, Counts: {}, Total: 0 };
    const count = Number(row.count);
    entry.Counts[row.state] = count;
    entry.Total += count;
    byLocation.set(row.location_id, entry);
  }
  const Locations = [...byLocation.values()];
  return { Locations, Total: Locations.reduce((sum, l) => sum + l.Total, 0) };
}
