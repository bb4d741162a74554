import { OPEN_PERMIT_STATES } from '../../schemas';
import { plotPlanFor } from '../../domain/plotPlans';
import { simopsApprovalRefusal, type ApprovalClash } from '../../domain/simops/approval';
import { clashBetween } from '../../domain/simops/clash';
import { compileMatrix } from '../../domain/simops/matrix';
import { DEFAULT_METRES_PER_UNIT, simopsWork, type SimopsPermitFacts, type SimopsPlace } from '../../domain/simops/work';
import type { Queryable } from '../db/database';
import type { PermitContext } from '../permits/context';
import { siteSimops } from './settings';

/** What the gate decided: the refusal, or the review clashes the approver's comment acknowledged (for the audit event). */
export interface SimopsApproval {
  refusal: string | null;
  acknowledged: { PermitInstanceId: string; reference: string; rule: string; distanceM: number; separationM: number }[];
}

interface OtherRow {
  permit_instance_id: string;
  reference_id: string;
  state: SimopsPermitFacts['State'];
  location_id: number;
  latitude: number;
  longitude: number;
  effective_date: string | null;
  work_date: string | null;
  valid_until: string | null;
  permit_types: { Name: string }[];
  content: Record<string, unknown>;
}

/**
 * The SIMOPS gate at the moment of approval (issue 38), with the server's own data: the permit as
 * it is being issued (from now) against every other open permit of its site placed on a plot
 * plan. The rule is domain/simops/approval.ts, which devices apply to their replica first.
 */
export async function simopsAtApproval(tx: Queryable, context: PermitContext, acknowledgement: string | undefined, now: Date): Promise<SimopsApproval> {
  const { permit, tree } = context;
  const settings = await siteSimops(tx, permit.SiteId);
  const placeOf = (locationId: number): SimopsPlace | undefined => {
    const plan = plotPlanFor(tree, locationId)?.location.LocationId;
    return plan === undefined ? undefined : { plan, metresPerUnit: settings.PlanScales[String(plan)] ?? DEFAULT_METRES_PER_UNIT };
  };
  const at = now.getTime();
  const issuing = simopsWork(
    { ...permit, State: 'APPROVED', EffectiveDate: permit.EffectiveDate ?? now.toISOString(), validUntil: permit.validUntil ?? '' },
    placeOf(permit.LocationId),
    settings.Hazards,
    at,
  );
  if (!issuing) return { refusal: null, acknowledged: [] };
  const others = await tx.query<OtherRow>(
    `select permit_instance_id, reference_id, state, location_id, latitude, longitude, sync_text(effective_date) as effective_date, work_date,
            sync_text(valid_until) as valid_until, permit_types, content
       from permits
      where site_id = $1 and permit_instance_id <> $2 and state = any($3) and not deleted and latitude > 0 and longitude > 0`,
    [permit.SiteId, permit.PermitInstanceId, OPEN_PERMIT_STATES],
  );
  const matrix = compileMatrix(settings);
  const clashes: ApprovalClash[] = [];
  for (const row of others) {
    const work = simopsWork(
      {
        PermitInstanceId: row.permit_instance_id, State: row.state, Latitude: row.latitude, Longitude: row.longitude, EffectiveDate: row.effective_date,
        workDate: row.work_date ?? '', validUntil: row.valid_until ?? '', permitTypes: row.permit_types, ContentJSON: row.content,
      },
      placeOf(row.location_id),
      settings.Hazards,
      at,
    );
    const clash = work && clashBetween(matrix, issuing, work);
    if (clash) clashes.push({ clash, other: row.reference_id });
  }
  const refusal = simopsApprovalRefusal({ id: permit.PermitInstanceId, reference: permit.PermitInstanceReferenceId }, clashes, acknowledgement);
  const acknowledged = refusal ? [] : clashes.map(({ clash, other }) => ({
    PermitInstanceId: clash.ids[0] === permit.PermitInstanceId ? clash.ids[1] : clash.ids[0],
    reference: other,
    rule: clash.rule,
    distanceM: Math.round(clash.distanceM * 10) / 10,
    separationM: clash.separationM,
  }));
  return { refusal, acknowledged };
}
