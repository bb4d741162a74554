import { useState } from 'react';
import {
  Button, Card, CardHeader, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Spinner, Text, Title3, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { ExportLocationField } from './ExportLocationField';
import { lastThirtyDays } from './exportRange';
import { useAuditExport, type ExportFormat } from './useAuditExport';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  dates: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en')} KB`;

/** Export: the events of a range of UTC days, of a location's subtree or of all, as CSV or JSON lines. */
export function ExportEventsCard() {
  const styles = useStyles();
  const [range, setRange] = useState(lastThirtyDays);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const { state, run } = useAuditExport();
  const running = state.status === 'running';
  // The server judges the range (its order, its bounds); an empty date cannot even be sent.
  const missing = (day: string, which: string) => (day === '' ? `Choose the ${which} day.` : undefined);

  return (
    <Card aria-label="Export events">
      <CardHeader
        header={<Title3 as="h2">Export events</Title3>}
        description={
          <Text className={styles.muted}>
            Each event with its prev_hash and hash, oldest first, so an auditor can verify the chain outside the product (README, Audit trail).
          </Text>
        }
      />
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (range.from !== '' && range.to !== '') run({ ...range, locationId, format });
        }}
      >
        <div className={styles.dates}>
          <Field label="From" hint="UTC day, included" validationMessage={missing(range.from, 'first')}>
            <Input type="date" value={range.from} onChange={(_e, d) => setRange((r) => ({ ...r, from: d.value }))} />
          </Field>
          <Field label="To" hint="UTC day, included" validationMessage={missing(range.to, 'last')}>
            <Input type="date" value={range.to} onChange={(_e, d) => setRange((r) => ({ ...r, to: d.value }))} />
          </Field>
        </div>
        <ExportLocationField locationId={locationId} onChange={setLocationId} />
        <Field label="Format">
          <RadioGroup layout="horizontal" value={format} onChange={(_e, d) => setFormat(d.value as ExportFormat)}>
            <Radio value="csv" label="CSV (a spreadsheet)" />
            <Radio value="jsonl" label="JSON lines (exact values, to verify)" />
          </RadioGroup>
        </Field>
        <Button type="submit" appearance="primary" icon={running ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabled={running || range.from === '' || range.to === ''}>
          Export
        </Button>
        <div role="status" aria-live="polite">
          {state.status === 'running' ? <Text>Preparing the file…</Text> : null}
          {state.status === 'done' ? <Text>{`Downloaded ${state.fileName} (${kilobytes(state.bytes)}).`}</Text> : null}
          {state.status === 'failed' ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>The export failed</MessageBarTitle>
                {state.message}
              </MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
