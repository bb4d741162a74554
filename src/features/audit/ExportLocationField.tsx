import { useId, useState } from 'react';
import { Button, Caption1, Label, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAppData } from '../../app/startup/appData';
import { PickLocationDialog } from '../locations/PickLocationDialog';

const useStyles = makeStyles({
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  /** null: every location, and the events of no location too. */
  locationId: number | null;
  onChange(locationId: number | null): void;
}

/**
 * The export's optional location, chosen in the company's tree like every other location of the
 * app. A group rather than a Fluent Field: a Field labels one input, and this is a value and buttons.
 */
export function ExportLocationField({ locationId, onChange }: Props) {
  const styles = useStyles();
  const labelId = useId();
  const { data } = useAppData();
  const [open, setOpen] = useState(false);
  const title = locationId === null ? null : (data.tree.byId.get(locationId)?.Title ?? `Location ${locationId}`);

  return (
    <div className={styles.field} role="group" aria-labelledby={labelId}>
      <Label id={labelId}>Location</Label>
      <div className={styles.row}>
        <Text weight="semibold">{title ?? 'All locations'}</Text>
        <Button size="small" onClick={() => setOpen(true)}>
          Choose location
        </Button>
        {locationId === null ? null : (
          <Button size="small" appearance="subtle" onClick={() => onChange(null)}>
            All locations
          </Button>
        )}
      </div>
      <Caption1 className={styles.hint}>
        {locationId === null ? 'Every event, those of no location too (settings, forms, preferences).' : 'This location and every location below it.'}
      </Caption1>
      <PickLocationDialog
        open={open}
        title="Choose location"
        revealId={locationId ?? data.homeLocation?.LocationId ?? null}
        // An administrator exports any location, enabled for permitting or not: its past events stay.
        canSelect={() => true}
        currentId={locationId ?? undefined}
        filterOnly
        onPick={async (id) => onChange(id)}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
