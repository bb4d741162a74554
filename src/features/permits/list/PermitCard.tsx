import { Badge, Body1, Caption1, Card, CardHeader, MenuItem, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import { messages } from '../../../../domain/messages';
import type { Permit } from '../../../../schemas';
import { referenceOf } from '../permitText';
import { StateBadge } from '../StateBadge';
import { CardActions } from './CardActions';

const useStyles = makeStyles({
  // A card below the fold is neither laid out nor painted until scrolled to: a key typed in the
  // filter can replace all ten cards, and a tablet shows three or four (issue 13).
  card: { contentVisibility: 'auto', containIntrinsicSize: 'auto 100px' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS },
  label: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  permit: Permit;
  locationTitle: string;
  pending: boolean;
  yourApprovalRequired: boolean;
  expanded: boolean;
  canEdit: boolean;
  /** Print in the card menu (the permit's site setting, and the user may print there). */
  canPrint: boolean;
  onOpen(permitInstanceId: string): void;
  onPrint(permitInstanceId: string): void;
}

/**
 * One permit of /permits/list (SPEC §2): reference, state, approval flag, and its details when
 * expanded. Memoised: a key typed in the filter renders only the cards that change.
 */
export const PermitCard = memo(function PermitCard({ permit, locationTitle, pending, yourApprovalRequired, expanded, canEdit, canPrint, onOpen, onPrint }: Props) {
  const styles = useStyles();
  const reference = referenceOf(permit.PermitInstanceReferenceId);
  const details: [string, string][] = [
    ['Work Order', permit.workOrderNumber],
    ['Work Date', permit.workDate],
    ['Work Location', permit.workLocation],
    ['Company', permit.companyName],
    ['Asset', [permit.assetNumber, permit.assetDescription].filter(Boolean).join(' – ')],
    ['Issuer', permit.permitIssuer],
    ['Description', permit.workDescription.map((w) => w.workDescription).join(' · ')],
  ];
  return (
    <Card className={styles.card} aria-label={`Permit ${reference}`}>
      <CardHeader
        header={<Subtitle2>{`Permit # ${reference}`}</Subtitle2>}
        description={<Caption1>{`${permit.permitTypes.map((t) => t.Label).join(', ')} · ${locationTitle}`}</Caption1>}
        action={
          <CardActions label={`Actions for permit ${reference}`}>
            <MenuItem onClick={() => onOpen(permit.PermitInstanceId)}>{canEdit ? 'View/Edit Permit' : 'View Permit'}</MenuItem>
            {canPrint && <MenuItem onClick={() => onPrint(permit.PermitInstanceId)}>Print</MenuItem>}
          </CardActions>
        }
      />
      <div className={styles.badges}>
        <StateBadge state={permit.State} />
        {yourApprovalRequired && (
          <Badge appearance="tint" color="danger">
            {messages.permits.yourApprovalRequired}
          </Badge>
        )}
        {pending && <Badge appearance="outline">Not synced yet</Badge>}
      </div>
      {expanded && (
        <div className={styles.details} role="list" aria-label={`Details of permit ${reference}`}>
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Body1 key={label} role="listitem" style={{ display: 'contents' }}>
                <span className={styles.label}>{label}</span>
                <span>{value}</span>
              </Body1>
            ))}
        </div>
      )}
    </Card>
  );
});
