import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Switch, Text, Title2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { shiftsFromStarts } from '../../../domain/handover/shifts';
import type { ShiftPattern, ShiftPatternBody } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { useAdminOutlet } from '../admin/adminSites';
import { shiftPattern$ } from './handoverQueries';
import { saveShiftSettings } from './shiftSettingsWrites';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-end' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  number: { width: '110px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The most shifts a day the server takes (schemas/handover.ts). */
const MAX_SHIFTS = 6;
/** Grace when revalidation is first turned on: half an hour into the shift, as the handover warning. */
const DEFAULT_GRACE = 30;

/** /admin/shifts: the site's shifts (name and start; each ends where the next begins), its clock, and revalidation at shift change (issue 39 §1, §4). */
export function ShiftSettingsPage() {
  const styles = useStyles();
  const db = useReplica();
  const { email } = useAppData();
  const { site } = useAdminOutlet();
  const saved = useObservable(useMemo(() => (site ? shiftPattern$(db, site.SiteId) : null), [db, site]), undefined);
  if (!site) return <MessageBar intent="info"><MessageBarBody>You administer no site.</MessageBarBody></MessageBar>;
  if (!saved) return <Spinner label="Loading the shifts…" />;
  // A new form when the stored pattern changes (another administrator, or this save coming back).
  return <ShiftForm key={JSON.stringify(saved)} saved={saved} siteName={site.name} canEdit={site.canEdit} writer={{ db, owner: email }} className={styles.page} />;
}

interface FormProps {
  saved: ShiftPattern;
  siteName: string;
  canEdit: boolean;
  writer: { db: ReturnType<typeof useReplica>; owner: string };
  className: string;
}

interface Draft {
  TimeZone: string;
  Shifts: { Name: string; Start: string }[];
  Enabled: boolean;
  Grace: string;
}

function ShiftForm({ saved, siteName, canEdit, writer, className }: FormProps) {
  const styles = useStyles();
  const outcome = useChangeOutcome();
  const [draft, setDraft] = useState<Draft>({
    TimeZone: saved.TimeZone,
    Shifts: saved.Shifts.map(({ Name, Start }) => ({ Name, Start })),
    Enabled: saved.Revalidation?.Enabled ?? false,
    Grace: String(saved.Revalidation?.GraceMinutes ?? DEFAULT_GRACE),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const setShift = (i: number, change: Partial<Draft['Shifts'][number]>) => setDraft((d) => ({ ...d, Shifts: d.Shifts.map((s, j) => (j === i ? { ...s, ...change } : s)) }));
  const ends = shiftsFromStarts(draft.Shifts);

  const save = async () => {
    const grace = draft.Grace.trim() === '' ? Number.NaN : Number(draft.Grace);
    const body: ShiftPatternBody = {
      TimeZone: draft.TimeZone.trim(),
      Shifts: shiftsFromStarts(draft.Shifts),
      // Off is kept with its grace, so turning it on again offers the last one.
      Revalidation: { Enabled: draft.Enabled, GraceMinutes: draft.Enabled || Number.isInteger(grace) ? grace : DEFAULT_GRACE },
    };
    const result = await saveShiftSettings(writer, saved.SiteId, body, siteName);
    setRefusal(typeof result === 'string' ? result : null);
    if (typeof result !== 'string') outcome(result, { done: 'Shifts saved.', refused: 'The shifts were not saved.' });
  };

  return (
    <form className={className} aria-label="Shifts and handover" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Title2 as="h1">Shifts and Handover</Title2>
      <Text className={styles.muted}>{`${siteName}: the shifts the handover page and its warnings follow, on the site's clock. Each shift ends when the next begins. Devices get changes on their next sync.`}</Text>
      <Field label="Site time zone" hint="As in America/Chicago: shift changes follow this clock through daylight saving.">
        <Input value={draft.TimeZone} disabled={!canEdit} onChange={(_e, d) => setDraft({ ...draft, TimeZone: d.value })} />
      </Field>
      <section className={styles.section} aria-label="Shifts">
        <Title3 as="h2">Shifts</Title3>
        {draft.Shifts.map((s, i) => {
          const label = s.Name.trim() || `shift ${i + 1}`;
          const end = ends.find((e) => e.Name === s.Name.trim() && e.Start === s.Start)?.End;
          return (
            <div key={i} className={styles.row} role="group" aria-label={`Shift ${i + 1}`}>
              <Field label="Name">
                <Input value={s.Name} disabled={!canEdit} onChange={(_e, d) => setShift(i, { Name: d.value })} />
              </Field>
              <Field label="Starts at">
                <Input type="time" value={s.Start} disabled={!canEdit} onChange={(_e, d) => setShift(i, { Start: d.value })} />
              </Field>
              <Text>{end ? `Ends at ${end}` : ''}</Text>
              {canEdit && draft.Shifts.length > 1 && (
                <Button size="small" onClick={() => setDraft((d) => ({ ...d, Shifts: d.Shifts.filter((_s, j) => j !== i) }))}>{`Remove ${label}`}</Button>
              )}
            </div>
          );
        })}
        {canEdit && draft.Shifts.length < MAX_SHIFTS && (
          <div>
            <Button size="small" onClick={() => setDraft((d) => ({ ...d, Shifts: [...d.Shifts, { Name: '', Start: '' }] }))}>Add a shift</Button>
          </div>
        )}
      </section>
      <section className={styles.section} aria-label="Revalidation at shift change">
        <Title3 as="h2">Revalidation at shift change</Title3>
        <Text className={styles.muted}>When on, an issuer of the incoming shift revalidates each approved permit on the handover page; one not revalidated within the grace period reads Revalidation required on every device.</Text>
        <div className={styles.row}>
          <Switch label="Revalidate approved permits at each shift change" checked={draft.Enabled} disabled={!canEdit} onChange={(_e, d) => setDraft({ ...draft, Enabled: d.checked })} />
          <Field label="Grace period (minutes into the shift)">
            <Input className={styles.number} type="number" min={0} max={720} value={draft.Grace} disabled={!canEdit || !draft.Enabled} onChange={(_e, d) => setDraft({ ...draft, Grace: d.value })} />
          </Field>
        </div>
      </section>
      {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
      {canEdit ? (
        <div><Button type="submit" appearance="primary">Save shifts</Button></div>
      ) : (
        <MessageBar intent="info"><MessageBarBody>{`Only those who edit the forms of ${siteName} change its shifts.`}</MessageBarBody></MessageBar>
      )}
    </form>
  );
}
