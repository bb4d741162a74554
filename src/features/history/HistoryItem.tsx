import { Body1Strong, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { HistoryEntry } from '../../../domain/audit/historyText';

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingLeft: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalM,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
  summary: { margin: 0 },
  details: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  times: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * One event of the timeline: who did what, field by field for an edit, and when. A change that
 * waited on the device says so in words, with both times, not by a colour.
 */
export function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const styles = useStyles();
  return (
    <li className={styles.item}>
      <Body1Strong as="p" className={styles.summary}>{entry.summary}</Body1Strong>
      {entry.details.length > 0 && (
        <ul className={styles.details}>
          {entry.details.map((line, i) => <li key={i}>{line}</li>)}
        </ul>
      )}
      <Caption1 as="p" className={styles.times}>
        {entry.made !== null && entry.madeAt !== null ? (
          <span>
            <strong>Made offline</strong> at <time dateTime={entry.madeAt}>{entry.made}</time>, received <time dateTime={entry.at}>{entry.received}</time>
          </span>
        ) : (
          <span>Received <time dateTime={entry.at}>{entry.received}</time></span>
        )}
      </Caption1>
    </li>
  );
}
