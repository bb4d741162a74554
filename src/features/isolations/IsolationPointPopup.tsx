import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import type { PlacedPoint } from '../../../domain/isolations/onPlan';
import { AppLink } from '../../app/AppLink';
import { IsolationStateBadge } from './IsolationStateBadge';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, fontFamily: tokens.fontFamilyBase },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** An isolation point's popup on the map (issue 36 §8): the point, its certificate and its state, and the way to the certificate. */
export function IsolationPointPopup({ point }: { point: PlacedPoint }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <Body1><strong>{`Isolation point ${point.tag}`}</strong></Body1>
        <IsolationStateBadge state={point.state} />
      </div>
      <Body1>{`Isolation certificate # ${point.reference}`}</Body1>
      <AppLink to={`/isolations/${encodeURIComponent(point.certificateId)}`}>View certificate</AppLink>
    </div>
  );
}
