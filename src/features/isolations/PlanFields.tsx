import { Button, Field, Input, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { plotPlanFor } from '../../../domain/plotPlans';
import { newId } from '../../../replication/outbox';
import { ISOLATION_METHODS, ISOLATION_POINT_TYPES, type IsolationMethod, type IsolationPointPlan, type IsolationPointType } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { EquipmentField } from './EquipmentField';
import { PointOnPlan } from './PointOnPlan';

const useStyles = makeStyles({
  point: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: tokens.spacingHorizontalS, alignItems: 'end',
    padding: tokens.spacingVerticalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium,
  },
});

/** What a certificate's plan is: the equipment isolated, why, and where and how each point isolates it. */
export interface Plan {
  Equipment: string;
  Description: string;
  Points: IsolationPointPlan[];
}

export const blankPoint = (): IsolationPointPlan => ({ PointId: newId(), Tag: '', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: '', TagNumber: '', Remarks: '' });

/** What the plan lacks before it can be queued, in words; null when it is complete. */
export const planMissing = (plan: Plan) => (!plan.Equipment.trim() ? 'Name the equipment isolated.' : plan.Points.some((p) => !p.Tag.trim()) ? 'Give every point its tag.' : null);

/** The plan as it is sent: names and tags without the spaces typed around them. */
export const trimmedPlan = (plan: Plan): Plan => ({ Equipment: plan.Equipment.trim(), Description: plan.Description.trim(), Points: plan.Points.map((p) => ({ ...p, Tag: p.Tag.trim() })) });

/**
 * The plan's fields, for a new certificate and for one still PLANNED with no lock on; where the
 * site's map is on and the location has a plot plan, each point can be placed on it.
 */
export function PlanFields({ plan, locationId, onChange }: { plan: Plan; locationId: number; onChange: (plan: Plan) => void }) {
  const styles = useStyles();
  const { data } = useAppData();
  const mapped = data.flags.plotPlanEnabled && plotPlanFor(data.tree, locationId) !== undefined;
  const points = plan.Points;
  const setPoints = (next: IsolationPointPlan[]) => onChange({ ...plan, Points: next });
  const change = (index: number, fields: Partial<IsolationPointPlan>) => setPoints(points.map((p, i) => (i === index ? { ...p, ...fields } : p)));
  return (
    <>
      <EquipmentField value={plan.Equipment} onChange={(Equipment) => onChange({ ...plan, Equipment })} />
      <Field label="Description">
        <Textarea value={plan.Description} onChange={(_e, d) => onChange({ ...plan, Description: d.value })} />
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
          {mapped && <PointOnPlan point={p} locationId={locationId} onPlace={([Latitude, Longitude]) => change(i, { Latitude, Longitude })} />}
          {points.length > 1 && <Button onClick={() => setPoints(points.filter((_, j) => j !== i))}>Remove point</Button>}
        </div>
      ))}
      <div>
        <Button onClick={() => setPoints([...points, blankPoint()])}>Add point</Button>
      </div>
    </>
  );
}
