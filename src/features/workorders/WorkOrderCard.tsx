import { Badge, Body1, Button, Caption1, Card, CardHeader, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { WorkOrder } from '../../../schemas';

const useStyles = makeStyles({
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

interface Props {
  workOrder: WorkOrder;
  /** Shown only for an active status and a user with permits.edit (SPEC §2). */
  onCreatePermit?: () => void;
  /** Under the description: the list's SIMOPS planning hint. */
  hint?: ReactNode;
}

/** One work order of the list or the search: number, asset, status chips and description. */
export function WorkOrderCard({ workOrder: w, onCreatePermit, hint }: Props) {
  const styles = useStyles();
  return (
    <Card aria-label={`Work order ${w.workOrderNumber}`}>
      <CardHeader
        header={<Subtitle2>{w.workOrderNumber}</Subtitle2>}
        description={<Caption1>{`${w.assetNumber} · ${w.assetDescription} · ${w.scheduledStart.slice(0, 10)}`}</Caption1>}
        action={onCreatePermit ? <Button appearance="primary" onClick={onCreatePermit}>Create Permit</Button> : undefined}
      />
      <div className={styles.chips}>
        {w.workOrderStatus.map((s) => (
          <Badge key={s} appearance="tint">{s}</Badge>
        ))}
      </div>
      <Body1>{w.workOrderDescription}</Body1>
      {hint}
    </Card>
  );
}
