import { Button, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { decideEdit } from '../../../domain/isolations/lifecycle';
import type { IsolationCertificate } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { editIsolation } from './isolationWrites';
import { PlanFields, planMissing, trimmedPlan, type Plan } from './PlanFields';
import { useIsolationActor, useIsolations } from './useIsolations';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** /isolations/{id}/edit: the plan of a certificate still PLANNED with no lock on, changed offline too. */
export function EditIsolationPage({ isolationId }: { isolationId: string }) {
  const found = useIsolations();
  if (found === undefined) return <Spinner label="Loading the certificate…" />;
  const certificate = found.find(({ doc }) => doc.IsolationCertificateId === isolationId)?.doc;
  if (!certificate) return <MessageBar intent="error"><MessageBarBody>This isolation certificate is not on this device: it does not exist, or you may not view it.</MessageBarBody></MessageBar>;
  return <PlanEditor certificate={certificate} />;
}

function PlanEditor({ certificate }: { certificate: IsolationCertificate }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { writer, actorAt } = useIsolationActor();
  // Started from the certificate as it was opened: a change pulled meanwhile does not overwrite what is being typed.
  const [plan, setPlan] = useState<Plan>({ Equipment: certificate.Equipment, Description: certificate.Description, Points: certificate.Points.map(({ IsolatedBy: _i, VerifiedBy: _v, RemovedBy: _r, ...p }) => p) });
  const [error, setError] = useState<string | null>(null);
  const page = `/isolations/${encodeURIComponent(certificate.IsolationCertificateId)}`;
  const decision = decideEdit(certificate, actorAt(certificate.LocationId));

  const save = async () => {
    const refusal = planMissing(plan) ?? (await editIsolation(writer, certificate, actorAt(certificate.LocationId), trimmedPlan(plan)));
    if (refusal) return setError(refusal);
    navigate(page);
  };

  return (
    <section className={styles.root}>
      <Title2 as="h1">{`Plan of isolation certificate # ${certificate.ReferenceId}`}</Title2>
      {decision.ok ? (
        <>
          <PlanFields plan={plan} locationId={certificate.LocationId} onChange={setPlan} />
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => void save()}>Save plan</Button>
            <AppLink to={page}>Cancel</AppLink>
          </div>
        </>
      ) : (
        <MessageBar intent="warning"><MessageBarBody>{decision.reason}</MessageBarBody></MessageBar>
      )}
      {error && <MessageBar intent="error" role="alert"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
    </section>
  );
}
