import { useMemo } from 'react';
import { componentLabels } from '../../../domain/audit/gridText';
import { describeHistory, type HistoryEntry } from '../../../domain/audit/historyText';
import { definitionFields } from '../../../domain/permits/editability';
import type { PermitDefinition, ReplicatedPermit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { printerNames$ } from './historyQueries';

const NO_PRINTERS: ReadonlyMap<number, string> = new Map();

/**
 * A permit's history in words, from what the device holds: its events (pulled with it), the
 * labels of the form version it was made with, the site's printers and locations. Null while the
 * permit was not pulled with its history (created on this device and not sent, or held from
 * before permits had one).
 */
export function useHistoryEntries(permit: ReplicatedPermit, definition: PermitDefinition | null): HistoryEntry[] | null {
  const db = useReplica();
  const { data } = useAppData();
  const printers = useObservable(useMemo(() => printerNames$(db), [db]), NO_PRINTERS);
  const fields = useMemo(() => (definition ? definitionFields(definition) : new Map<string, { label: string }>()), [definition]);
  const labels = useMemo(() => (definition ? componentLabels(definition) : new Map<string, string>()), [definition]);
  // The permit's own sub-forms: a field is named with its form only where the permit has several.
  const types = permit.permitTypes.map((t) => t.Name).join('\n');
  const forms = useMemo(() => {
    const titles = new Map<string, string>();
    const mine = definition?.DefinitionMetadataJSON.Forms.filter((f) => types.split('\n').includes(f.PermitType)) ?? [];
    for (const f of mine) {
      const title = (definition?.Forms[f.Name] as { title?: unknown } | undefined)?.title;
      titles.set(f.ContentsPath, typeof title === 'string' ? title : f.Name);
    }
    return titles;
  }, [definition, types]);
  const { History: events, Approvals: approvals } = permit;
  return useMemo(() => {
    if (!events) return null;
    const locations = new Map([...data.tree.byId].map(([id, location]) => [id, location.Title]));
    const steps = new Map((approvals ?? []).map((a) => [a.PermitApprovalId, a.ApprovalLabel]));
    return describeHistory(events, { fields, labels, forms, printers, locations, approvals: steps });
  }, [events, approvals, fields, labels, forms, printers, data.tree]);
}
