import {
  Body1, Button, Input, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { saveSimopsMatrix } from '../../../replication/simops';
import { SIMOPS_RULES, type SimopsRule, type SimopsRuleKind, type SimopsSettings } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useNotify } from '../../app/toaster';
import { useObservable } from '../../app/useObservable';
import { useAdminOutlet } from '../admin/adminSites';
import { OnlineOnly } from '../admin/OnlineOnly';
import { NoSite, ReadOnlyNotice } from '../lists/ListsPage';
import { definitionsById$ } from '../permits/permitQueries';
import { siteSimopsSettings$ } from './simopsQueries';
import { RULE_LABELS } from './simopsText';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  separation: { maxWidth: '120px' },
});

const RULE_OPTIONS: Record<SimopsRuleKind, string> = { allowed: 'Allowed', ...RULE_LABELS };

/** /admin/simops: the chosen site's SIMOPS matrix (issue 38), a rule and a separation for each pair of kinds of work. */
export function SimopsMatrixPage() {
  const { site } = useAdminOutlet();
  const db = useReplica();
  const settings = useObservable(useMemo(() => (site ? siteSimopsSettings$(db, site.SiteId) : null), [db, site]), undefined);
  const definitions = useObservable(useMemo(() => definitionsById$(db), [db]), undefined);
  if (!site) return <NoSite />;
  if (!settings || !definitions) return <Spinner label="Loading the SIMOPS matrix…" />;
  const permitTypes = [...definitions.values()].flatMap((d) => d.DefinitionMetadataJSON.Forms.map((f) => f.PermitType));
  // Keyed by site and the stored matrix: another site, or the sync bringing a change, starts the editor again from it.
  return <MatrixEditor key={`${site.SiteId}:${JSON.stringify(settings.Rules)}`} siteId={site.SiteId} siteName={site.name} canEdit={site.canEdit} settings={settings} permitTypes={permitTypes} />;
}

interface EditorProps {
  siteId: number;
  siteName: string;
  canEdit: boolean;
  settings: SimopsSettings;
  permitTypes: readonly string[];
}

function MatrixEditor({ siteId, siteName, canEdit, settings, permitTypes }: EditorProps) {
  const styles = useStyles();
  const notify = useNotify();
  const [rules, setRules] = useState<SimopsRule[]>(settings.Rules);
  const [saving, setSaving] = useState(false);
  const kinds = [...new Set([...permitTypes, ...settings.Hazards.map((h) => h.Key), ...rules.flatMap((r) => [r.A, r.B])])].sort();
  const label = (kind: string) => settings.Hazards.find((h) => h.Key === kind)?.Label ?? kind;
  const change = (i: number, fields: Partial<SimopsRule>) => setRules((all) => all.map((r, j) => (j === i ? { ...r, ...fields } : r)));

  const save = async () => {
    setSaving(true);
    try {
      await saveSimopsMatrix(siteId, { Rules: rules, Hazards: settings.Hazards });
      notify('success', 'SIMOPS matrix saved', `Devices of ${siteName} get it on their next sync.`);
    } catch (error) {
      notify('error', 'The SIMOPS matrix was not saved', error instanceof Error ? error.message : undefined);
    } finally {
      setSaving(false);
    }
  };

  return (
    <OnlineOnly>
      <div className={styles.page}>
        <Title2 as="h1">SIMOPS Matrix</Title2>
        <Text className={styles.muted}>
          {`For each pair of kinds of work at ${siteName} — permit types, and hazard flags read from the permit's form — whether they may run at once within the separation: allowed, needs review (the approver acknowledges it with a comment) or not allowed (approval refused). A pair not listed is allowed.`}
        </Text>
        {canEdit ? null : <ReadOnlyNotice what="Changing the SIMOPS matrix" />}
        <Table aria-label="SIMOPS rules" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Work</TableHeaderCell>
              <TableHeaderCell>Beside work</TableHeaderCell>
              <TableHeaderCell>Rule</TableHeaderCell>
              <TableHeaderCell>Within (m)</TableHeaderCell>
              <TableHeaderCell>
                <span className={styles.muted}>Remove</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rules.map((rule, i) => (
              <TableRow key={i} aria-label={`Rule ${i + 1}`}>
                {(['A', 'B'] as const).map((side) => (
                  <TableCell key={side}>
                    <Select aria-label={`Rule ${i + 1} ${side === 'A' ? 'work' : 'beside work'}`} value={rule[side]} disabled={!canEdit} onChange={(_e, d) => change(i, { [side]: d.value })}>
                      {kinds.map((kind) => <option key={kind} value={kind}>{label(kind)}</option>)}
                    </Select>
                  </TableCell>
                ))}
                <TableCell>
                  <Select aria-label={`Rule ${i + 1} rule`} value={rule.Rule} disabled={!canEdit} onChange={(_e, d) => change(i, { Rule: d.value as SimopsRuleKind })}>
                    {SIMOPS_RULES.map((r) => <option key={r} value={r}>{RULE_OPTIONS[r]}</option>)}
                  </Select>
                </TableCell>
                <TableCell>
                  <Input
                    className={styles.separation}
                    aria-label={`Rule ${i + 1} separation in metres`}
                    type="number"
                    min={0}
                    max={1000}
                    value={String(rule.SeparationM)}
                    disabled={!canEdit}
                    onChange={(_e, d) => change(i, { SeparationM: Math.min(1000, Math.max(0, Number(d.value) || 0)) })}
                  />
                </TableCell>
                <TableCell>
                  <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove rule ${i + 1}`} disabled={!canEdit} onClick={() => setRules((all) => all.filter((_r, j) => j !== i))} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {canEdit && (
          <div className={styles.actions}>
            <Button icon={<AddRegular />} onClick={() => setRules((all) => [...all, { A: kinds[0] ?? 'HotWork', B: kinds[0] ?? 'HotWork', Rule: 'review', SeparationM: 10 }])}>Add rule</Button>
            <Button appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={() => void save()}>Save matrix</Button>
          </div>
        )}
        <Body1>
          {`Hazard flags: ${settings.Hazards.map((h) => `${h.Label} (${h.Fields.join(', ')})`).join('; ') || 'none'}.`}
        </Body1>
      </div>
    </OnlineOnly>
  );
}
