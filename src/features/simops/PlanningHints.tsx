import { Badge, Body1, makeStyles, tokens } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import { isWorkLocationSet } from '../../../domain/plotPlans';
import { planningHints, type PlannedOrder, type PlanningPermit } from '../../../domain/simops/planning';
import { AppLink } from '../../app/AppLink';
import { referenceOf } from '../permits/permitText';
import { metres, overlapText } from './simopsText';
import type { SimopsView } from './simopsQueries';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXS },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
});

/** The replica's permits as the planning hint reads them: where each was placed (any state) and its work if it can clash now. */
export function planningPermits(view: SimopsView): PlanningPermit[] {
  return [...view.permits.values()].map((p) => {
    const plan = view.clashes.planOf(p.LocationId);
    const placed = plan && isWorkLocationSet(p.Latitude, p.Longitude);
    return {
      id: p.PermitInstanceId,
      SiteId: p.SiteId,
      assetNumber: p.assetNumber,
      workOrderNumber: p.workOrderNumber,
      DateChanged: p.DateChanged,
      place: placed ? { plan: plan.plan, x: p.Longitude! * plan.metresPerUnit, y: p.Latitude! * plan.metresPerUnit } : null,
      work: view.clashes.workOf(p.PermitInstanceId) ?? null,
      reachM: view.clashes.reachOf(p.PermitInstanceId),
    };
  });
}

/**
 * A work order card's planning hint (issue 38 §6): the open permits its work would run beside
 * when it is scheduled, each with why (at its asset, or how far from it) and a link. A hint for
 * whoever plans the shift, not a block; nothing when there are none.
 */
export function PlanningHints({ order, view, permits, now }: { order: PlannedOrder; view: SimopsView; permits: readonly PlanningPermit[]; now: number }) {
  const styles = useStyles();
  const hints = planningHints(order, permits, now);
  if (hints.length === 0) return null;
  return (
    <section className={styles.root} aria-label={`SIMOPS planning hint for ${order.workOrderNumber}`}>
      <Badge appearance="tint" color="warning" icon={<WarningRegular />}>
        {`SIMOPS · ${hints.length === 1 ? '1 open permit' : `${hints.length} open permits`} nearby when scheduled`}
      </Badge>
      <ul className={styles.list}>
        {hints.map((hint) => {
          const permit = view.permits.get(hint.permitId);
          const reference = referenceOf(permit?.PermitInstanceReferenceId ?? 'TBD');
          const where = hint.sameAsset
            ? `at ${order.assetNumber}`
            : `${metres(hint.distanceM)} from ${order.assetNumber}, within the ${metres(hint.reachM)} the SIMOPS matrix sets around its work`;
          return (
            <li key={hint.permitId}>
              <Body1>
                <AppLink to={`/permits/${encodeURIComponent(hint.permitId)}/edit`}>{`Permit # ${reference}`}</AppLink>
                {` (${permit?.permitTypes.map((t) => t.Label).join(', ') ?? hint.kinds.join(', ')}) is active ${where}, ${overlapText(hint.overlap)}`}
              </Body1>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
