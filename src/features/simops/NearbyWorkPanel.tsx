import { Badge, Body1, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import { AppLink } from '../../app/AppLink';
import { referenceOf } from '../permits/permitText';
import { metres, otherOf, overlapText, ruleText } from './simopsText';
import { useSimops } from './useSimops';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
});

/**
 * The permit page's Nearby work panel (issue 38): each open permit within the separation the
 * site's SIMOPS matrix sets for the two kinds of work while both run, from the replica (offline
 * too). Shown only for a permit that can clash (open, placed on a plot plan, within the next 24
 * hours): there it says "No nearby work." rather than leave the approver wondering if it looked.
 */
export function NearbyWorkPanel({ permitId }: { permitId: string }) {
  const styles = useStyles();
  const view = useSimops();
  const work = view?.clashes.workOf(permitId);
  if (!view || !work) return null;
  const clashes = view.clashes.clashesOf(permitId);
  const plan = view.clashes.planOf(view.permits.get(permitId)?.LocationId ?? -1);
  return (
    <section className={styles.root} aria-label="Nearby work">
      <Subtitle2 as="h2">Nearby work</Subtitle2>
      {clashes.length === 0 && <Body1>No nearby work.</Body1>}
      {clashes.length > 0 && (
        <ul className={styles.list}>
          {clashes.map((clash) => {
            const otherId = otherOf(clash, permitId);
            const other = view.permits.get(otherId);
            const reference = referenceOf(other?.PermitInstanceReferenceId ?? 'TBD');
            return (
              <li key={otherId} className={styles.item} aria-label={`Nearby permit ${reference}`}>
                <AppLink to={`/permits/${encodeURIComponent(otherId)}/edit`}>{`Permit # ${reference}`}</AppLink>
                <Body1>{other?.permitTypes.map((t) => t.Label).join(', ')}</Body1>
                <Body1>{`${metres(clash.distanceM)} away`}</Body1>
                <Body1>{`Both active ${overlapText(clash.overlap)}`}</Body1>
                <Badge
                  appearance="tint"
                  color={clash.rule === 'block' ? 'danger' : 'warning'}
                  icon={clash.rule === 'block' ? <ErrorCircleRegular /> : <WarningRegular />}
                >
                  {ruleText(clash)}
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      {plan && !plan.calibrated && <Caption1>Distances are estimates: nobody has set this plot plan’s scale yet.</Caption1>}
      {clashes.length === 0 && <Caption1>{`Checked against open permits within ${metres(view.clashes.reachOf(permitId))} on the plot plan.`}</Caption1>}
    </section>
  );
}
