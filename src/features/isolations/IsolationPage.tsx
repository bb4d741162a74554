import { Badge, Body1, Button, Field, MessageBar, MessageBarBody, Spinner, Subtitle2, Textarea, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { STEP_RULES, decideEdit } from '../../../domain/isolations/lifecycle';
import { isolationPdf } from '../../../replication/printing';
import { ISOLATION_STEPS, type IsolationPoint, type IsolationStepAction, type PointStepAction } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { useAppData } from '../../app/startup/appData';
import { useNotify } from '../../app/toaster';
import { saveFile } from '../audit/saveFile';
import { StateBadge } from '../permits/StateBadge';
import { ActionWithReason } from './ActionWithReason';
import { IsolationStateBadge } from './IsolationStateBadge';
import { linkedPermitFacts } from './isolationQueries';
import { recordZeroEnergy, stepCertificate, stepPoint, stepRefusal, type WriteResult } from './isolationWrites';
import { PointsTable } from './PointsTable';
import { useIsolationActor, useIsolationsWithPermits } from './useIsolations';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'start', gap: tokens.spacingHorizontalM },
});

const STEP_LABELS: Record<IsolationStepAction, string> = {
  isolate: 'Mark ISOLATED', verify: 'Mark VERIFIED', requestDeisolation: 'Request de-isolation', deisolate: 'Mark DE-ISOLATED', cancel: 'Cancel certificate',
};

/** /isolations/{id}: the certificate, its points, the steps its state offers and the permits relying on it. */
export function IsolationPage({ isolationId }: { isolationId: string }) {
  const styles = useStyles();
  const { data } = useAppData();
  const found = useIsolationsWithPermits();
  const { writer, actorAt } = useIsolationActor();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [zeroEnergy, setZeroEnergy] = useState('');
  const notify = useNotify();
  const navigate = useNavigate();

  if (found === undefined) return <Spinner label="Loading the certificate…" />;
  const overlaid = found.isolations.find(({ doc }) => doc.IsolationCertificateId === isolationId);
  if (!overlaid) return <MessageBar intent="error"><MessageBarBody>This isolation certificate is not on this device: it does not exist, or you may not view it.</MessageBarBody></MessageBar>;
  const certificate = overlaid.doc;
  const actor = actorAt(certificate.LocationId);
  const permits = linkedPermitFacts(certificate, found.permits);
  const act = async (write: Promise<WriteResult>) => setRefusal(await write);
  const steps = ISOLATION_STEPS.filter((a) => STEP_RULES[a].from === certificate.State);
  // The PDF is made by the server from its copy: one not synced yet has none there.
  const printable = !overlaid.pending && abilitiesAt(data.profile, data.tree, certificate.LocationId).permits.print;
  const download = async () => {
    try {
      saveFile(await isolationPdf(certificate.IsolationCertificateId), `isolation-${certificate.ReferenceId}.pdf`);
    } catch (error) {
      notify('error', 'There was a problem making the PDF of this certificate, please try again.', (error as Error).message);
    }
  };

  return (
    <section className={styles.root}>
      <div className={styles.row}>
        <Title2 as="h1">{`Isolation certificate # ${certificate.ReferenceId}`}</Title2>
        <span aria-label="State"><IsolationStateBadge state={certificate.State} /></span>
        {overlaid.pending && <Badge appearance="outline" color="informative">Not synced yet</Badge>}
      </div>
      <Body1>{`${certificate.Equipment} · ${data.tree.byId.get(certificate.LocationId)?.Title ?? certificate.LocationId}`}</Body1>
      {certificate.Description && <Body1>{certificate.Description}</Body1>}
      {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
      <div className={styles.row} role="toolbar" aria-label="Certificate actions">
        {steps.map((action) => (
          <ActionWithReason key={action} label={STEP_LABELS[action]} refusal={stepRefusal(action, certificate, actor, permits)} onAct={() => void act(stepCertificate(writer, action, certificate, actor, permits))} />
        ))}
        {decideEdit(certificate, actor).ok && <Button onClick={() => navigate(`/isolations/${encodeURIComponent(certificate.IsolationCertificateId)}/edit`)}>Edit plan</Button>}
        {printable && <Button icon={<ArrowDownloadRegular />} onClick={() => void download()}>Download PDF</Button>}
      </div>
      {certificate.ZeroEnergyTest ? (
        <Body1>{`Zero-energy test: ${certificate.ZeroEnergyTest.Result} (${certificate.ZeroEnergyTest.By.Name})`}</Body1>
      ) : certificate.State === 'ISOLATED' && (
        <div className={styles.row}>
          <Field label="Zero-energy test" hint="Try to start the equipment, or test for dead, and say what was found">
            <Textarea value={zeroEnergy} onChange={(_e, d) => setZeroEnergy(d.value)} />
          </Field>
          <Button disabled={!zeroEnergy.trim() || !actor.edit} onClick={() => void act(recordZeroEnergy(writer, certificate, zeroEnergy, actor))}>Record zero-energy test</Button>
        </div>
      )}
      <Subtitle2 as="h2">Points</Subtitle2>
      <PointsTable
        certificate={certificate}
        actor={actor}
        permits={permits}
        onAct={(action: PointStepAction, point: IsolationPoint) => void act(stepPoint(writer, action, point, certificate, actor, permits))}
      />
      <Subtitle2 as="h2">History</Subtitle2>
      <ol aria-label="Certificate history">
        {certificate.Steps.map((step, i) => (
          <li key={i}>{`${step.State} — ${step.By.Name}, ${new Date(step.By.At).toLocaleString()}`}</li>
        ))}
      </ol>
      <Subtitle2 as="h2">Permits relying on it</Subtitle2>
      {permits.length === 0 ? (
        <Body1>No permit names this certificate.</Body1>
      ) : (
        <ul aria-label="Linked permits">
          {permits.map((p) => (
            <li key={p.PermitInstanceId}>
              <AppLink to={`/permits/${p.PermitInstanceId}/edit`}>{p.PermitInstanceReferenceId}</AppLink> <StateBadge state={p.State} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
