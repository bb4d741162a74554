import { Button, Field, Input, MessageBar, MessageBarBody, Subtitle2, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { STANDARD_GASES, type GasLimit, type GasReading } from '../../../schemas';
import type { ReadingInput, WriteResult } from './gasTestWrites';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  gas: { width: '120px' },
  number: { minWidth: 0, width: '100%' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

interface Props {
  limits: readonly GasLimit[];
  /** The newest reading: its instrument and bump test are those of the next, most often. */
  last: GasReading | null;
  /** The reading being corrected, or null for a new one. */
  correcting: GasReading | null;
  onCancelCorrection(): void;
  onRecord(input: ReadingInput): Promise<WriteResult>;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The entry form of a reading, or of a correction of one (a new reading with the reason). */
export function ReadingForm({ limits, last, correcting, onCancelCorrection, onRecord }: Props) {
  const styles = useStyles();
  const [instrument, setInstrument] = useState(last?.InstrumentId ?? '');
  const [bump, setBump] = useState(last?.BumpTestDate ?? today());
  const [point, setPoint] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const standard: readonly string[] = STANDARD_GASES;
  const samplePoint = correcting && !point ? correcting.SamplePoint : point;

  const submit = async () => {
    const number = (gas: string) => (values[gas]?.trim() ? Number(values[gas]) : Number.NaN);
    const missing = STANDARD_GASES.filter((g) => !Number.isFinite(number(g)) || number(g) < 0);
    if (missing.length) return setRefusal(`Give the reading of ${missing.join(', ')} as a number.`);
    const Extra = limits.filter((l) => !standard.includes(l.Gas) && Number.isFinite(number(l.Gas))).map((l) => ({ Gas: l.Gas, Value: number(l.Gas) }));
    const [O2, LEL, H2S, CO] = STANDARD_GASES.map(number) as [number, number, number, number];
    const input: ReadingInput = {
      InstrumentId: instrument, BumpTestDate: bump, SamplePoint: samplePoint, O2, LEL, H2S, CO, Extra,
      ...(correcting && { Corrects: correcting.ReadingId, CorrectionReason: reason }),
    };
    const refused = await onRecord(input);
    setRefusal(refused);
    if (refused) return;
    setValues({});
    setReason('');
    setPoint('');
  };

  return (
    <form className={styles.root} aria-label={correcting ? 'Correct a gas reading' : 'Record a gas reading'} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Subtitle2 as="h3">{correcting ? `Correct the reading at ${correcting.SamplePoint}` : 'Record a reading'}</Subtitle2>
      <div className={styles.row}>
        <Field label="Instrument" required>
          <Input value={instrument} onChange={(_e, d) => setInstrument(d.value)} placeholder="MSA Altair 4XR #A-102" />
        </Field>
        <Field label="Last bump test" required>
          <Input type="date" value={bump} onChange={(_e, d) => setBump(d.value)} />
        </Field>
        <Field label="Sample point" required>
          <Input value={samplePoint} onChange={(_e, d) => setPoint(d.value)} placeholder="Manway top, middle, bottom" />
        </Field>
      </div>
      <div className={styles.row}>
        {limits.map((l) => (
          <Field key={l.Gas} label={`${l.Gas} (${l.Unit})`} required={standard.includes(l.Gas)} className={styles.gas}>
            <Input className={styles.number} type="number" inputMode="decimal" min={0} step="any" value={values[l.Gas] ?? ''} onChange={(_e, d) => setValues((v) => ({ ...v, [l.Gas]: d.value }))} />
          </Field>
        ))}
      </div>
      {correcting && (
        <Field label="Why is it corrected?" required>
          <Textarea value={reason} onChange={(_e, d) => setReason(d.value)} />
        </Field>
      )}
      {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">{correcting ? 'Record correction' : 'Record reading'}</Button>
        {correcting && <Button onClick={onCancelCorrection}>Cancel correction</Button>}
      </div>
    </form>
  );
}
