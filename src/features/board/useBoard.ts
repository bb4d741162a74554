import { useMemo } from 'react';
import { boardOf, type Board } from '../../../domain/board';
import { nextShift, shiftAt } from '../../../domain/handover/shifts';
import { descendantsAndSelf } from '../../../domain/locations';
import { derivedFields } from '../../../domain/permits/derived';
import { dashboardMapPermits, plotPlanFor, startOfYesterday } from '../../../domain/plotPlans';
import { OPEN_PERMIT_STATES, type PermitDefinition, type ReplicatedPermit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { useAllGasTests } from '../gasTests/useGasTests';
import { useShiftPattern } from '../handover/useHandover';
import { definitionsById$, permits$ } from '../permits/permitQueries';
import { useSimops } from '../simops/useSimops';

export interface BoardView {
  board: Board;
  /** Open permits of the area on its plot plan since the start of yesterday (as the dashboard map), and those without a position. */
  placed: ReplicatedPermit[];
  hidden: number;
}

/** The end of validity a permit's form gives, read once per content (a permit's content is a new object only when it changed). */
const validUntilOf = new WeakMap<object, string>();
function validUntil(permit: ReplicatedPermit, definitions: ReadonlyMap<string, PermitDefinition>): string {
  let until = validUntilOf.get(permit.ContentJSON);
  if (until === undefined) {
    const definition = definitions.get(permit.PermitDefinitionId);
    until = definition ? derivedFields(permit.ContentJSON, definition.DefinitionMetadataJSON, permit.PermitInstanceMetadataJSON, '').validUntil : '';
    if (definition) validUntilOf.set(permit.ContentJSON, until);
  }
  return until;
}

/**
 * The board of an area, from the replica (the permits with the user's queued changes, their gas
 * tests and the SIMOPS clashes, each a live query) and the clock; undefined while the replica is
 * read. Rebuilt when any of them changes or the clock ticks; nothing is kept from one build to the
 * next, so a board that runs for days holds no more than one that just opened.
 */
export function useBoard(locationId: number | undefined, now: Date): BoardView | undefined {
  const db = useReplica();
  const { data, email } = useAppData();
  const location = locationId === undefined ? undefined : data.tree.byId.get(locationId);
  const pattern = useShiftPattern(location?.SiteId ?? 0);
  const all = useObservable(useMemo(() => permits$(db, email), [db, email]), undefined);
  const definitions = useObservable(useMemo(() => definitionsById$(db), [db]), undefined);
  // The clashes only: its permits are those of its last change of clashes.
  const simops = useSimops();
  const gas = useAllGasTests();
  // The map's window moves at midnight, not with each tick.
  const since = startOfYesterday(now);
  const area = useMemo(() => {
    if (!all || !definitions || !location) return undefined;
    const locations = descendantsAndSelf(data.tree, location.LocationId);
    const inArea = new Set(locations);
    const permits = all.map(({ doc }) => doc).filter((p) => inArea.has(p.LocationId));
    const plan = plotPlanFor(data.tree, location.LocationId);
    const mapped = plan
      ? dashboardMapPermits(permits, { tree: data.tree, plotPlanLocationId: plan.location.LocationId, since, openStates: OPEN_PERMIT_STATES })
      : { placed: [], hidden: 0 };
    return { locations, permits: permits.map((p) => ({ ...p, validUntil: validUntil(p, definitions) })), ...mapped };
  }, [all, definitions, location, data.tree, since]);
  return useMemo(() => {
    if (!area || !simops || !gas || !pattern || !location) return undefined;
    const board = boardOf({
      locationId: location.LocationId, locationTitle: location.Title, locations: area.locations,
      shift: shiftAt(pattern, now), next: nextShift(pattern, now), now, timeZone: pattern.TimeZone,
      permits: area.permits,
      gasTests: { documents: area.permits.flatMap((p) => { const t = gas.tests.get(p.PermitInstanceId); return t ? [t.doc] : []; }), settings: gas.settingsOf(location.SiteId) },
      clashes: simops.clashes.clashesAt(location.SiteId),
    });
    return { board, placed: area.placed, hidden: area.hidden };
  }, [area, simops, gas, pattern, location, now]);
}
