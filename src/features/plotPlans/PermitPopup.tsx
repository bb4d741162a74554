import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { Permit } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { referenceOf } from '../permits/permitText';
import { StateBadge } from '../permits/StateBadge';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, fontFamily: tokens.fontFamilyBase },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type PopupPermit = Pick<Permit, 'PermitInstanceId' | 'PermitInstanceReferenceId' | 'State' | 'permitTypes' | 'workDescription'>;

/** A marker's popup (issue 11): reference, type, state, work description, its SIMOPS clashes in words (issue 38) and the way to the permit. */
export function PermitPopup({ permit, simops = [] }: { permit: PopupPermit; simops?: readonly string[] }) {
  const styles = useStyles();
  const description = permit.workDescription.map((d) => d.workDescription).join('; ');
  return (
    <div className={styles.root} data-testid="permit-popup">
      <div className={styles.row}>
        <Body1>
          <strong>{`Permit # ${referenceOf(permit.PermitInstanceReferenceId)}`}</strong>
        </Body1>
        <StateBadge state={permit.State} />
      </div>
      <Caption1>{permit.permitTypes.map((t) => t.Label).join(', ')}</Caption1>
      {description && <Body1>{description}</Body1>}
      {simops.map((line) => <Caption1 key={line}>{line}</Caption1>)}
      <AppLink to={`/permits/${encodeURIComponent(permit.PermitInstanceId)}/edit`}>View Permit</AppLink>
    </div>
  );
}
