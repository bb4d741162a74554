import { Button, Caption1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import { clockTime } from '../../../domain/gasTests/retest';
import { byTime } from '../../../domain/gasTests/readings';
import { judge, type GasVerdict } from '../../../domain/gasTests/verdict';
import type { GasLimit, GasReading } from '../../../schemas';

const useStyles = makeStyles({
  out: { display: 'inline-flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXXS, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  ok: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  corrected: { textDecorationLine: 'line-through' },
});

/** A value with its verdict: out of limits says so in words beside an icon, never by colour alone. */
function Value({ verdict }: { verdict: GasVerdict }) {
  const styles = useStyles();
  if (verdict.Status === 'missing') return <span>—</span>;
  const amount = `${verdict.Value} ${verdict.Limit.Unit}`;
  if (verdict.Status === 'ok') return <span className={styles.ok}>{amount}</span>;
  return (
    <span className={styles.out}>
      <WarningRegular aria-hidden="true" />
      <span>{`${amount} — ${verdict.Words.slice(verdict.Words.indexOf(' is ') + 4)}`}</span>
    </span>
  );
}

interface Props {
  readings: readonly GasReading[];
  limits: readonly GasLimit[];
  timeZone: string;
  /** Offered on each reading in force when the user may record readings. */
  onCorrect?(reading: GasReading): void;
}

/** A permit's readings, newest first, each gas judged against its limit; a corrected reading is struck through with its correction's reason. */
export function ReadingsTable({ readings, limits, timeZone, onCorrect }: Props) {
  const styles = useStyles();
  const correctedBy = new Map(readings.flatMap((r) => (r.Corrects ? [[r.Corrects, r] as const] : [])));
  const newestFirst = [...readings].sort(byTime).reverse();
  return (
    <Table aria-label="Gas readings" size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Taken</TableHeaderCell>
          <TableHeaderCell>Sample point</TableHeaderCell>
          {limits.map((l) => <TableHeaderCell key={l.Gas}>{l.Gas}</TableHeaderCell>)}
          <TableHeaderCell>Tester and instrument</TableHeaderCell>
          {onCorrect && <TableHeaderCell>Action</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {newestFirst.map((r) => {
          const verdicts = judge(r, limits);
          const correction = correctedBy.get(r.ReadingId);
          const at = new Date(r.TakenAt);
          return (
            <TableRow key={r.ReadingId} aria-label={`Reading at ${r.SamplePoint}, ${clockTime(at, timeZone)}`}>
              <TableCell>
                <span className={correction ? styles.corrected : undefined}>{`${at.toLocaleDateString('en-CA', { timeZone })} ${clockTime(at, timeZone)}`}</span>
                {correction && <Caption1 block>{`Corrected: ${correction.CorrectionReason ?? ''}`}</Caption1>}
                {r.Corrects && <Caption1 block>{`Correction: ${r.CorrectionReason ?? ''}`}</Caption1>}
              </TableCell>
              <TableCell>{r.SamplePoint}</TableCell>
              {verdicts.map((v) => <TableCell key={v.Gas}><Value verdict={v} /></TableCell>)}
              <TableCell>
                {r.Tester.Name}
                <Caption1 block>{`${r.InstrumentId}, bump tested ${r.BumpTestDate}`}</Caption1>
              </TableCell>
              {onCorrect && (
                <TableCell>{!correction && <Button size="small" onClick={() => onCorrect(r)}>Correct</Button>}</TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

