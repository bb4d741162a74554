import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Select, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { defaultTypeSettings } from '../../../domain/gasTests/limits';
import { STANDARD_GASES, type GasLimit, type GasSettings, type GasTypeSettings } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { useAdminOutlet } from '../admin/adminSites';
import { definitionsById$ } from '../permits/permitQueries';
import { gasSettings$ } from './gasTestQueries';
import { saveGasSettings } from './gasSettingsWrites';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-end' },
  type: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  number: { width: '110px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

const standard: readonly string[] = STANDARD_GASES;
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** /admin/gas-tests: the site's gas limits per permit type, which types need gas tests, their retests, the approval gate and the site's clock (issue 37). */
export function GasSettingsPage() {
  const styles = useStyles();
  const db = useReplica();
  const { email } = useAppData();
  const { site } = useAdminOutlet();
  const saved = useObservable(useMemo(() => (site ? gasSettings$(db, site.SiteId) : null), [db, site]), undefined);
  const definitions = useObservable(useMemo(() => definitionsById$(db), [db]), undefined);
  // The permit types of the forms the device holds: a type not listed in the settings keeps the defaults until rules are added for it.
  const knownTypes = [...new Set([...(definitions?.values() ?? [])].flatMap((d) => d.DefinitionMetadataJSON.Forms.map((f) => f.PermitType)))].sort();
  if (!site) return <MessageBar intent="info"><MessageBarBody>You administer no site.</MessageBarBody></MessageBar>;
  if (!saved) return <Spinner label="Loading the gas test settings…" />;
  // A new form when the stored settings change (another administrator, or this save coming back).
  return <SettingsForm key={JSON.stringify(saved)} saved={saved} knownTypes={knownTypes} siteName={site.name} canEdit={site.canEdit} writer={{ db, owner: email }} className={styles.page} />;
}

interface FormProps {
  saved: GasSettings;
  knownTypes: readonly string[];
  siteName: string;
  canEdit: boolean;
  writer: { db: ReturnType<typeof useReplica>; owner: string };
  className: string;
}

function SettingsForm({ saved, knownTypes, siteName, canEdit, writer, className }: FormProps) {
  const styles = useStyles();
  const outcome = useChangeOutcome();
  const [draft, setDraft] = useState(saved);
  const [refusal, setRefusal] = useState<string | null>(null);
  const addable = knownTypes.filter((name) => !draft.Types.some((t) => t.PermitType === name));
  const [adding, setAdding] = useState('');
  const choice = addable.includes(adding) ? adding : addable[0];
  const setType = (i: number, change: Partial<GasTypeSettings>) => setDraft((d) => ({ ...d, Types: d.Types.map((t, j) => (j === i ? { ...t, ...change } : t)) }));
  const setLimit = (i: number, k: number, change: Partial<GasLimit>) => setType(i, { Limits: draft.Types[i]!.Limits.map((l, j) => (j === k ? { ...l, ...change } : l)) });

  const save = async () => {
    const result = await saveGasSettings(writer, draft, siteName);
    setRefusal(typeof result === 'string' ? result : null);
    if (typeof result !== 'string') outcome(result, { done: 'Gas test settings saved.', refused: 'The gas test settings were not saved.' });
  };

  return (
    <form className={className} aria-label="Gas test settings" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Title2 as="h1">Gas Tests</Title2>
      <Text className={styles.muted}>{`${siteName}: the limits every reading is judged on, which work needs gas tests, and how often. Devices get changes on their next sync.`}</Text>
      <div className={styles.row}>
        <Field label="Approval needs a passing test within (minutes)">
          <Input className={styles.number} type="number" min={1} value={String(draft.GateMinutes)} disabled={!canEdit} onChange={(_e, d) => setDraft({ ...draft, GateMinutes: Number(d.value) })} />
        </Field>
        <Field label="Site time zone" hint="As in America/Chicago: due times are told on this clock.">
          <Input value={draft.TimeZone} disabled={!canEdit} onChange={(_e, d) => setDraft({ ...draft, TimeZone: d.value })} />
        </Field>
      </div>
      {draft.Types.map((type, i) => (
        <section key={type.PermitType} className={styles.type} aria-label={type.PermitType}>
          <Title3 as="h2">{type.PermitType}</Title3>
          <div className={styles.row}>
            <Switch label="Needs gas tests (approval gate and retests)" checked={type.Required} disabled={!canEdit} onChange={(_e, d) => setType(i, { Required: d.checked })} />
            <Field label="Retest every (minutes)">
              <Input className={styles.number} type="number" min={5} value={String(type.RetestMinutes)} disabled={!canEdit} onChange={(_e, d) => setType(i, { RetestMinutes: Number(d.value) })} />
            </Field>
          </div>
          <Table aria-label={`${type.PermitType} limits`} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Gas</TableHeaderCell>
                <TableHeaderCell>Unit</TableHeaderCell>
                <TableHeaderCell>At least</TableHeaderCell>
                <TableHeaderCell>Below (or at most)</TableHeaderCell>
                <TableHeaderCell>Upper value allowed</TableHeaderCell>
                <TableHeaderCell>Action</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {type.Limits.map((l, k) => {
                const extra = !standard.includes(l.Gas) || k >= STANDARD_GASES.length;
                const name = l.Gas || `extra gas ${k + 1}`;
                return (
                  <TableRow key={k}>
                    <TableCell>
                      {extra ? <Input aria-label={`Gas name of ${name}`} value={l.Gas} disabled={!canEdit} onChange={(_e, d) => setLimit(i, k, { Gas: d.value })} /> : l.Gas}
                    </TableCell>
                    <TableCell><Input className={styles.number} aria-label={`Unit of ${name}`} value={l.Unit} disabled={!canEdit} onChange={(_e, d) => setLimit(i, k, { Unit: d.value })} /></TableCell>
                    <TableCell><Input className={styles.number} type="number" aria-label={`Lower limit of ${name}`} value={l.Low === null ? '' : String(l.Low)} disabled={!canEdit} onChange={(_e, d) => setLimit(i, k, { Low: numberOrNull(d.value) })} /></TableCell>
                    <TableCell><Input className={styles.number} type="number" aria-label={`Upper limit of ${name}`} value={l.High === null ? '' : String(l.High)} disabled={!canEdit} onChange={(_e, d) => setLimit(i, k, { High: numberOrNull(d.value) })} /></TableCell>
                    <TableCell><Checkbox aria-label={`Upper value of ${name} allowed`} checked={l.HighInclusive} disabled={!canEdit} onChange={(_e, d) => setLimit(i, k, { HighInclusive: d.checked === true })} /></TableCell>
                    <TableCell>
                      {extra && canEdit && <Button size="small" onClick={() => setType(i, { Limits: type.Limits.filter((_l, j) => j !== k) })}>{`Remove ${name}`}</Button>}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {canEdit && (
            <div>
              <Button size="small" onClick={() => setType(i, { Limits: [...type.Limits, { Gas: '', Unit: 'ppm', Low: null, High: null, HighInclusive: false }] })}>Add an extra gas</Button>
            </div>
          )}
        </section>
      ))}
      {canEdit && addable.length > 0 && (
        <div className={styles.row}>
          <Field label="Add rules for a permit type">
            <Select value={choice} onChange={(_e, d) => setAdding(d.value)}>
              {addable.map((name) => <option key={name} value={name}>{name}</option>)}
            </Select>
          </Field>
          <Button onClick={() => setDraft({ ...draft, Types: [...draft.Types, defaultTypeSettings(choice!)] })}>Add permit type</Button>
        </div>
      )}
      {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
      {canEdit ? (
        <div><Button type="submit" appearance="primary">Save gas test settings</Button></div>
      ) : (
        <MessageBar intent="info"><MessageBarBody>{`Only those who edit the forms of ${siteName} change its gas test settings.`}</MessageBarBody></MessageBar>
      )}
    </form>
  );
}
