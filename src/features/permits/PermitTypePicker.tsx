import { Checkbox, Label, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  types: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
});

export interface PermitTypeOption {
  name: string;
  label: string;
}

interface Props {
  options: readonly PermitTypeOption[];
  selected: readonly string[];
  onToggle(name: string, checked: boolean): void;
}

/** The permit types the location offers (AvailablePermits): one permit is created per checked type. */
export function PermitTypePicker({ options, selected, onToggle }: Props) {
  const styles = useStyles();
  return (
    <div role="group" aria-labelledby="permit-types-label">
      <Label id="permit-types-label">Permits to create</Label>
      <div className={styles.types}>
        {options.map((o) => (
          <Checkbox key={o.name} label={o.label} checked={selected.includes(o.name)} onChange={(_e, d) => onToggle(o.name, d.checked === true)} />
        ))}
      </div>
    </div>
  );
}
