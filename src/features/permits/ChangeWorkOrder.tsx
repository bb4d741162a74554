import {
  Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { ContentJson } from '../../../domain/permits/yContent';
import type { WorkOrder } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useObservable } from '../../app/useObservable';
import { workOrders$ } from './permitQueries';
import { WorkOrderPicker } from './WorkOrderPicker';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * The work order number the content holds now, the first sub-form's that has one. Read from the
 * content rather than the permit's display field, which only the server re-derives.
 */
export function workOrderNumberIn(content: ContentJson | null, paths: readonly string[]): string {
  for (const path of paths) {
    const value = (content?.[path] as { workOrderNumber?: unknown } | undefined)?.workOrderNumber;
    if (typeof value === 'string' && value) return value;
  }
  return '';
}

interface Props {
  /** The permit's work order number ('' when none). */
  current: string;
  /** The state and the user's abilities allow a change (RULES.changeLocation); without it only the number shows. */
  allowed: boolean;
  /** Writes the chosen work order into the permit's content. */
  onChoose(workOrder: WorkOrder): void;
}

/** The permit's work order, and for editors while it may still change, 'Change work order' (SPEC §4). */
export function ChangeWorkOrder({ current, allowed, onChoose }: Props) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.row}>
      <Body1>
        <Text weight="semibold">Work order: </Text>
        <Text aria-label="Current work order">{current || 'None'}</Text>
      </Body1>
      {allowed && (
        <>
          <Button size="small" onClick={() => setOpen(true)}>
            Change work order
          </Button>
          <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
            {/* Mounted only while open, so each opening starts from the permit's work order. */}
            <PickerSurface
              current={current}
              onClose={() => setOpen(false)}
              onChoose={(w) => {
                onChoose(w);
                setOpen(false);
              }}
            />
          </Dialog>
        </>
      )}
    </div>
  );
}

function PickerSurface({ current, onClose, onChoose }: { current: string; onClose(): void; onChoose(w: WorkOrder): void }) {
  const styles = useStyles();
  const db = useReplica();
  const workOrders = useObservable(useMemo(() => workOrders$(db), [db]), []);
  const [chosen, setChosen] = useState<WorkOrder | null>(null);
  return (
    <DialogSurface>
      <DialogBody>
        <DialogTitle>Change work order</DialogTitle>
        <DialogContent className={styles.content}>
          <WorkOrderPicker workOrders={workOrders} value={current} onSelect={setChosen} />
          {chosen && <Body1>{`Asset ${chosen.assetNumber}: ${chosen.assetDescription}`}</Body1>}
        </DialogContent>
        <DialogActions>
          <Button appearance="primary" disabled={!chosen} onClick={() => chosen && onChoose(chosen)}>
            Change work order
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  );
}
