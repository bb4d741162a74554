import { Button, Field, Input, MessageBar, MessageBarBody, Select, Textarea, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { newId } from '../../../replication/outbox';
import { ISOLATION_METHODS, ISOLATION_POINT_TYPES, type IsolationMethod, type IsolationPointPlan, type IsolationPointType } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { createIsolation } from './isolationWrites';
import { useIsolationActor } from './useIsolations';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  point: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: tokens.spacingHorizontalS, alignItems: 'end',
    padding: tokens.spacingVerticalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const blankPoint = (): IsolationPointPlan => ({ PointId: newId(), Tag: '', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: '', TagNumber: '', Remarks: '' });

/** /isolations/create: a PLANNED certificate and its points, queued for the server (offline too). */
export function CreateIsolationPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data } = useAppData();
  const { writer } = useIsolationActor();
  // Where the user may change isolations: permits.edit there, and the location in use.
  const locations = data.locations.filter((l) => l.EnabledFlag && l.ParentLocationId !== 0 && abilitiesAt(data.profile, data.tree, l.LocationId).permits.edit);
  const home = data.homeLocation?.LocationId;
  const [locationId, setLocationId] = useState(locations.find((l) => l.LocationId === home)?.LocationId ?? locations[0]?.LocationId ?? 0);
  const [equipment, setEquipment] = useState('');
  const [description, setDescription] = useState('');
  const [points, setPoints] = useState<IsolationPointPlan[]>([blankPoint()]);
  const [error, setError] = useState<string | null>(null);
  const change = (index: number, fields: Partial<IsolationPointPlan>) => setPoints((all) => all.map((p, i) => (i === index ? { ...p, ...fields } : p)));

  const create = async () => {
    const missing = !equipment.trim() ? 'Name the equipment isolated.' : points.some((p) => !p.Tag.trim()) ? 'Give every point its tag.' : null;
    if (missing) return setError(missing);
    const location = locations.find((l) => l.LocationId === locationId);
    if (!location) return setError('Choose a location where you may change isolations.');
    const id = newId();
    await createIsolation(writer, { IsolationCertificateId: id, LocationId: location.LocationId, Equipment: equipment.trim(), Description: description.trim(), Points: points.map((p) => ({ ...p, Tag: p.Tag.trim() })) }, location.SiteId);
    navigate(`/isolations/${id}`);
  };

  return (
    <section className={styles.root}>
      <Title2 as="h1">New isolation certificate</Title2>
      <Field label="Location" required>
        <Select value={String(locationId)} onChange={(_e, d) => setLocationId(Number(d.value))}>
          {locations.map((l) => <option key={l.LocationId} value={l.LocationId}>{l.Title}</option>)}
        </Select>
      </Field>
      <Field label="Equipment" required hint="The equipment or asset isolated, e.g. 10-P-101 Crude charge pump">
        <Input value={equipment} onChange={(_e, d) => setEquipment(d.value)} />
      </Field>
      <Field label="Description">
        <Textarea value={description} onChange={(_e, d) => setDescription(d.value)} />
      </Field>
      {points.map((p, i) => (
        <div key={p.PointId} role="group" aria-label={`Point ${i + 1}`} className={styles.point}>
          <Field label="Tag" required><Input value={p.Tag} onChange={(_e, d) => change(i, { Tag: d.value })} /></Field>
          <Field label="Type">
            <Select value={p.Type} onChange={(_e, d) => change(i, { Type: d.value as IsolationPointType })}>
              {ISOLATION_POINT_TYPES.map((t) => <option key={t}>{t}</option>)}
            </Select>
          </Field>
          <Field label="Method">
            <Select value={p.Method} onChange={(_e, d) => change(i, { Method: d.value as IsolationMethod })}>
              {ISOLATION_METHODS.map((m) => <option key={m}>{m}</option>)}
            </Select>
          </Field>
          <Field label="Lock number"><Input value={p.LockNumber} onChange={(_e, d) => change(i, { LockNumber: d.value })} /></Field>
          <Field label="Danger tag number"><Input value={p.TagNumber} onChange={(_e, d) => change(i, { TagNumber: d.value })} /></Field>
          <Field label="Remarks"><Input value={p.Remarks} onChange={(_e, d) => change(i, { Remarks: d.value })} /></Field>
          {points.length > 1 && <Button onClick={() => setPoints((all) => all.filter((_, j) => j !== i))}>Remove point</Button>}
        </div>
      ))}
      <div className={styles.actions}>
        <Button onClick={() => setPoints((all) => [...all, blankPoint()])}>Add point</Button>
        <Button appearance="primary" onClick={() => void create()}>Create certificate</Button>
      </div>
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
    </section>
  );
}
