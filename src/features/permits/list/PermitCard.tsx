import { MenuItem, makeResetStyles, makeStyles, mergeClasses, shorthands, tokens, typographyStyles } from '@fluentui/react-components';
// An icon of its own module: one from the package's index would join the first load (issue 13) with its whole group.
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import { memo } from 'react';
import type { Clash } from '../../../../domain/simops/clash';
import { messages } from '../../../../domain/messages';
import type { Permit } from '../../../../schemas';
import { useBadgeClassName, useBadgeStyles } from '../badgeStyles';
import { referenceOf } from '../permitText';
import { StateBadge } from '../StateBadge';
import { CardActions } from './CardActions';

/**
 * A Fluent Card with its header, drawn with plain elements: Card, CardHeader and the Text
 * components cost more to make than the permit's text, and each key typed in the filter can
 * bring ten new cards (issue 13). The look is Fluent's medium filled Card.
 */
const useCardClassName = makeResetStyles({
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  padding: '12px',
  boxSizing: 'border-box',
  borderRadius: tokens.borderRadiusMedium,
  backgroundColor: tokens.colorNeutralBackground1,
  color: tokens.colorNeutralForeground1,
  boxShadow: tokens.shadow4,
  // Fluent's transparent border, which shows in forced colours; an outline takes no room.
  outline: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
  outlineOffset: `calc(${tokens.strokeWidthThin} * -1)`,
  // A card below the fold is neither laid out nor painted until scrolled to: a key typed in the
  // filter can replace all ten cards, and a tablet shows three or four.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 100px',
});

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: '12px' },
  titles: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  title: typographyStyles.subtitle2,
  caption: typographyStyles.caption1,
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS },
  detail: { display: 'contents' },
  label: { color: tokens.colorNeutralForeground3 },
  simops: { gap: tokens.spacingHorizontalXXS },
  review: {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorNeutralForeground1,
    ...shorthands.borderColor(tokens.colorPaletteYellowBorder2),
  },
});

/** The badge's words for the worst SIMOPS rule the permit breaks: the text says it, not the colour alone. */
const SIMOPS_BADGE: Record<Clash['rule'], string> = { block: 'SIMOPS · Not allowed', review: 'SIMOPS · Needs review' };

interface Props {
  permit: Permit;
  locationTitle: string;
  pending: boolean;
  yourApprovalRequired: boolean;
  expanded: boolean;
  canEdit: boolean;
  /** Print in the card menu (the permit's site setting, and the user may print there). */
  canPrint: boolean;
  /** The worst rule of its SIMOPS clashes with nearby work (issue 38), null when it has none. */
  simops: Clash['rule'] | null;
  /** Its work is stopped by a gas test (issue 37). */
  suspended: boolean;
  /** "Gas test due at 01:30" / "Gas test overdue by 12 min", or null. */
  retest: string | null;
  /** Its site revalidates at shift change and this shift has not, past the grace period (issue 39). */
  revalidationRequired: boolean;
  onOpen(permitInstanceId: string): void;
  onPrint(permitInstanceId: string): void;
}

/**
 * One permit of /permits/list (SPEC §2): reference, state, approval flag, and its details when
 * expanded. Memoised: a key typed in the filter renders only the cards that change; the list
 * keys its cards by their place on the page, so a card is given another permit as the text narrows.
 */
export const PermitCard = memo(function PermitCard({ permit, locationTitle, pending, yourApprovalRequired, expanded, canEdit, canPrint, simops, suspended, retest, revalidationRequired, onOpen, onPrint }: Props) {
  const styles = useStyles();
  const badge = useBadgeClassName();
  const badges = useBadgeStyles();
  const reference = referenceOf(permit.PermitInstanceReferenceId);
  return (
    <div role="group" className={useCardClassName()} aria-label={`Permit ${reference}`}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <span className={styles.title}>{`Permit # ${reference}`}</span>
          <span className={styles.caption}>{`${permit.permitTypes.map((t) => t.Label).join(', ')} · ${locationTitle}`}</span>
          {retest && <span className={styles.caption}>{retest}</span>}
        </div>
        <CardActions owner={permit.PermitInstanceId} label={`Actions for permit ${reference}`}>
          <MenuItem onClick={() => onOpen(permit.PermitInstanceId)}>{canEdit ? 'View/Edit Permit' : 'View Permit'}</MenuItem>
          {canPrint && <MenuItem onClick={() => onPrint(permit.PermitInstanceId)}>Print</MenuItem>}
        </CardActions>
      </div>
      <div className={styles.badges}>
        <StateBadge state={permit.State} />
        {suspended && (
          <span className={mergeClasses(badge, badges.circular, badges.dangerTint, styles.simops)}>
            <WarningRegular aria-hidden />
            Suspended
          </span>
        )}
        {revalidationRequired && (
          <span className={mergeClasses(badge, badges.circular, badges.dangerTint, styles.simops)}>
            <WarningRegular aria-hidden />
            Revalidation required
          </span>
        )}
        {yourApprovalRequired && <span className={mergeClasses(badge, badges.circular, badges.dangerTint)}>{messages.permits.yourApprovalRequired}</span>}
        {pending && <span className={mergeClasses(badge, badges.circular, badges.outline)}>Not synced yet</span>}
        {simops && (
          <span className={mergeClasses(badge, badges.circular, styles.simops, simops === 'block' ? badges.dangerTint : styles.review)}>
            <WarningRegular aria-hidden />
            {SIMOPS_BADGE[simops]}
          </span>
        )}
      </div>
      {expanded && <CardDetails permit={permit} reference={reference} />}
    </div>
  );
});

/** The details 'Expand All Cards' shows, as label and value pairs. */
function CardDetails({ permit, reference }: { permit: Permit; reference: string }) {
  const styles = useStyles();
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
    <div className={styles.details} role="list" aria-label={`Details of permit ${reference}`}>
      {details
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} role="listitem" className={styles.detail}>
            <span className={styles.label}>{label}</span>
            <span>{value}</span>
          </div>
        ))}
    </div>
  );
}
