import {
  Badge, Body1, Button, Caption1, Card, CardHeader, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Subtitle2, makeStyles, tokens,
} from '@fluentui/react-components';
import { MoreVerticalRegular } from '@fluentui/react-icons';
import { messages } from '../../../../domain/messages';
import type { Permit } from '../../../../schemas';
import { referenceOf } from '../permitText';
import { StateBadge } from '../StateBadge';

const useStyles = makeStyles({
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
  onOpen(): void;
  onPrint(): void;
}

/** One permit of /permits/list (SPEC §2): reference, state, approval flag, and its details when expanded. */
export function PermitCard({ permit, locationTitle, pending, yourApprovalRequired, expanded, canEdit, canPrint, onOpen, onPrint }: Props) {
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
    <Card aria-label={`Permit ${reference}`}>
      <CardHeader
        header={<Subtitle2>{`Permit # ${reference}`}</Subtitle2>}
        description={<Caption1>{`${permit.permitTypes.map((t) => t.Label).join(', ')} · ${locationTitle}`}</Caption1>}
        action={
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button appearance="subtle" icon={<MoreVerticalRegular />} aria-label={`Actions for permit ${reference}`} />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem onClick={onOpen}>{canEdit ? 'View/Edit Permit' : 'View Permit'}</MenuItem>
                {canPrint && <MenuItem onClick={onPrint}>Print</MenuItem>}
              </MenuList>
            </MenuPopover>
          </Menu>
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
}
