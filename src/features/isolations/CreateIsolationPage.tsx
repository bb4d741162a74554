import { Button, Field, MessageBar, MessageBarBody, Select, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { newId } from '../../../replication/outbox';
import { useAppData } from '../../app/startup/appData';
import { createIsolation } from './isolationWrites';
import { PlanFields, blankPoint, planMissing, trimmedPlan, type Plan } from './PlanFields';
import { useIsolationActor } from './useIsolations';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
});

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
  const [plan, setPlan] = useState<Plan>({ Equipment: '', Description: '', Points: [blankPoint()] });
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    const missing = planMissing(plan);
    if (missing) return setError(missing);
    const location = locations.find((l) => l.LocationId === locationId);
    if (!location) return setError('Choose a location where you may change isolations.');
    const id = newId();
    await createIsolation(writer, { IsolationCertificateId: id, LocationId: location.LocationId, ...trimmedPlan(plan) }, location.SiteId);
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
      <PlanFields plan={plan} locationId={locationId} onChange={setPlan} />
      <div>
        <Button appearance="primary" onClick={() => void create()}>Create certificate</Button>
      </div>
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
    </section>
  );
}
