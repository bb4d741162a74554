import { Caption1, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { PERMIT_STATE_COLOURS } from '../../../domain/permits/stateColours';
import { OPEN_PERMIT_STATES } from '../../../schemas';

const useStyles = makeStyles({
  // The toggle with its list under it, at the right of the card's header.
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: tokens.spacingVerticalXS },
  list: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusCircular, border: `1px solid ${tokens.colorNeutralStroke1}` },
});

/** The map's legend toggle (SPEC §2): the colours of the open states, the ones the markers can have. */
export function MapLegend() {
  const styles = useStyles();
  const [shown, setShown] = useState(false);
  const listId = useId();
  return (
    <div className={styles.root}>
      <ToggleButton size="small" checked={shown} aria-expanded={shown} aria-controls={listId} onClick={() => setShown(!shown)}>
        Legend
      </ToggleButton>
      {shown && (
        <ul id={listId} className={styles.list} aria-label="Legend">
          {OPEN_PERMIT_STATES.map((state) => (
            <li key={state} className={styles.item}>
              {/* The palette's hex colour: one value per state, set on the element, as the markers do. */}
              <span className={styles.swatch} style={{ backgroundColor: PERMIT_STATE_COLOURS[state] }} />
              <Caption1>{state}</Caption1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
