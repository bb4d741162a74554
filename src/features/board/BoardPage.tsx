import { Badge, Body1, Button, LargeTitle, Spinner, Subtitle1, Text, Title1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { abilitiesAt } from '../../../domain/abilities';
import { messages } from '../../../domain/messages';
import { PERMIT_STATE_COLOURS } from '../../../domain/permits/stateColours';
import { plotPlanFor } from '../../../domain/plotPlans';
import { AppLink } from '../../app/AppLink';
import { useAppData } from '../../app/startup/appData';
import { useNow } from '../gasTests/useNow';
import { PickLocationDialog } from '../locations/PickLocationDialog';
import { referenceOf } from '../permits/permitText';
import { BoardMap } from './BoardMap';
import { useBoardArea } from './boardArea';
import { useBoard } from './useBoard';
import { useFreshness } from './useFreshness';

const useStyles = makeStyles({
  // The whole screen, no menu or header: a wall display read from across the room.
  root: {
    boxSizing: 'border-box', height: '100vh', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL, backgroundColor: tokens.colorNeutralBackground2, overflow: 'hidden',
  },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXL },
  grow: { flexGrow: 1 },
  body: { flexGrow: 1, minHeight: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(320px, 2fr)', gap: tokens.spacingHorizontalXXL },
  map: { width: '100%', height: '100%', minHeight: '320px' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, overflowY: 'auto', minHeight: 0 },
  counts: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: tokens.spacingHorizontalM, margin: 0, padding: 0, listStyleType: 'none' },
  count: {
    display: 'flex', flexDirection: 'column', padding: tokens.spacingVerticalM, borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1, borderLeftWidth: '8px', borderLeftStyle: 'solid',
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  stale: { fontSize: tokens.fontSizeBase500, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, height: 'auto' },
});

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

function timeLeft(minutes: number): string {
  if (minutes < 0) return `ended ${-minutes} min ago`;
  return minutes < 60 ? `${minutes} min left` : `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** One titled list of the board; 'None.' when empty, so an empty list reads as checked, not as missing. */
function Section({ title, lines }: { title: string; lines: { key: string; text: string }[] }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <Title3 as="h2">{`${title} (${lines.length})`}</Title3>
      {lines.length === 0 ? <Body1>None.</Body1> : (
        <ul className={styles.list}>
          {lines.map((line) => <li key={line.key} className={styles.item}>{line.text}</li>)}
        </ul>
      )}
    </section>
  );
}

/**
 * /board: the control-room board (issue 39 §5). Read-only and in large type for a wall screen:
 * the area's plot plan with its live permits, counts by state, suspended work, SIMOPS clashes and
 * permits timing out soon, from the replica, live from the change stream; *Last updated hh:mm*
 * while it cannot reach the server. It needs no touch; the area can be changed and is kept on the device.
 */
export function BoardPage() {
  const styles = useStyles();
  const { data } = useAppData();
  const [locationId, setLocationId] = useBoardArea();
  const [picking, setPicking] = useState(false);
  const now = useNow(15_000);
  const view = useBoard(locationId, now);
  const { live, asOf } = useFreshness();
  const location = locationId === undefined ? undefined : data.tree.byId.get(locationId);
  const board = view?.board;
  // Kept while what they hold is the same: the map redraws its markers only when a permit moved or changed.
  const suspendedKey = (board?.suspensions ?? []).map((s) => s.PermitInstanceId).join();
  const suspended = useMemo(() => new Set(suspendedKey.split(',')), [suspendedKey]);
  const clashesKey = JSON.stringify(board?.clashes ?? []);
  const clashes = useMemo(() => JSON.parse(clashesKey) as NonNullable<typeof board>['clashes'], [clashesKey]);
  const hasMap = location !== undefined && plotPlanFor(data.tree, location.LocationId) !== undefined;

  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <Title1 as="h1">Control-room board</Title1>
        <Subtitle1 as="p">{location ? `${location.Title} and every location below it` : 'No area: choose one'}</Subtitle1>
        <Button size="small" appearance="subtle" onClick={() => setPicking(true)}>Choose area</Button>
        <span className={styles.grow} />
        {live ? (
          <Badge size="extra-large" appearance="tint" color="success">{`Live · ${clock.format(now)}`}</Badge>
        ) : (
          <Badge className={styles.stale} appearance="filled" color="danger" role="status">
            {asOf === null ? 'Not updated yet: cannot reach the server' : `Last updated ${clock.format(asOf)}`}
          </Badge>
        )}
        <AppLink to="/">Leave the board</AppLink>
      </header>
      <PickLocationDialog
        open={picking}
        title="Choose area"
        revealId={locationId ?? null}
        canSelect={(id) => abilitiesAt(data.profile, data.tree, id).permits.view}
        currentId={locationId}
        filterOnly
        onPick={async (id) => setLocationId(id)}
        onClose={() => setPicking(false)}
      />
      {!location ? <Body1>Choose the area this board shows.</Body1> : !view || !board ? <Spinner size="extra-large" label="Loading the board…" /> : (
        <div className={styles.body}>
          <div role="region" aria-label="Site map">
            {hasMap ? (
              <BoardMap locationId={location.LocationId} placed={view.placed} suspended={suspended} clashes={clashes} className={styles.map} />
            ) : <Body1>{messages.plotPlans.loadFailed}</Body1>}
            {view.hidden > 0 && <Text size={400}>{messages.plotPlans.hidden(view.hidden)}</Text>}
          </div>
          <div className={styles.side}>
            <section className={styles.section} aria-label="Open permits by state">
              <ul className={styles.counts}>
                {board.counts.map(({ state, count }) => (
                  <li key={state} className={styles.count} style={{ borderLeftColor: PERMIT_STATE_COLOURS[state] }} aria-label={`${state}: ${count}`}>
                    <LargeTitle as="p">{count}</LargeTitle>
                    <Text size={500}>{state}</Text>
                  </li>
                ))}
              </ul>
            </section>
            <Section title="Work suspended" lines={board.suspensions.map((s) => ({ key: s.PermitInstanceId, text: `Permit # ${referenceOf(s.Reference)}: ${s.Words}` }))} />
            <Section title="Timing out soon" lines={board.timingOut.map((p) => ({ key: p.PermitInstanceId, text: `Permit # ${referenceOf(p.Reference)} · ${p.State} · ${timeLeft(p.MinutesLeft!)}${p.Where ? ` · ${p.Where}` : ''}` }))} />
            <Section title="SIMOPS clashes" lines={board.clashes.map((c) => ({ key: c.Permits.map((p) => p.PermitInstanceId).join(), text: c.Words }))} />
          </div>
        </div>
      )}
    </div>
  );
}
