import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { fetchHandoverHistory } from '../../../replication/handoverHistory';
import { ApiError } from '../../../replication/http';
import type { Handover } from '../../../schemas';
import { HandoverEntry } from './HandoverEntry';

const useStyles = makeStyles({
  items: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, paddingLeft: tokens.spacingHorizontalL },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

const OFFLINE = 'Older handovers are kept on the server: connect to the network to see them.';

interface Props {
  locationId: number;
  /** The end of the oldest shift the device holds a handover of: the server is asked for those before it (all when none). */
  oldestEnd: string | null;
  /** The handovers the device holds, not shown twice. */
  held: ReadonlySet<string>;
  timeZone: string;
  issuer: boolean;
}

/**
 * The area's handovers older than the device's 15 days, read from the server on request, 20 at a
 * time (the server checks the user views the area). Read-only: each prints as a PDF.
 */
export function OlderHandovers({ locationId, oldestEnd, held, timeZone, issuer }: Props) {
  const styles = useStyles();
  const [older, setOlder] = useState<Handover[]>([]);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const load = async () => {
    setLoading(true);
    setProblem(null);
    try {
      const page = await fetchHandoverHistory(locationId, older.at(-1)?.Shift.End ?? oldestEnd);
      setOlder((shown) => [...shown, ...page.Handovers.filter((h) => !held.has(h.HandoverId))]);
      setMore(page.More);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === 0 ? OFFLINE : (error as Error).message);
    } finally {
      setLoading(false);
    }
  };
  const asked = older.length > 0 || !more;
  return (
    <>
      {older.length > 0 && (
        <ul className={styles.items} aria-label="Older handovers">
          {older.map((doc) => <HandoverEntry key={doc.HandoverId} overlaid={{ doc, pending: false }} timeZone={timeZone} issuer={issuer} readOnly />)}
        </ul>
      )}
      {asked && !more && <Body1>{older.length ? 'No older handover of this area.' : 'No older handover of this area on the server.'}</Body1>}
      {problem && <MessageBar intent="error" role="alert"><MessageBarBody>{problem}</MessageBarBody></MessageBar>}
      {more && (
        <div className={styles.row}>
          {loading ? <Spinner size="tiny" label="Reading older handovers from the server…" /> : (
            <Button onClick={() => void load()}>{asked ? 'Show more older handovers' : 'Show older handovers'}</Button>
          )}
        </div>
      )}
    </>
  );
}
