import { Badge, Body1, Caption1, Card, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PERMIT_STATE_COLOURS, stateTextColour } from '../../../domain/permits/stateColours';
import { fetchLivePermit } from '../../../replication/printing';
import type { Permit, PermitState } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { permit$ } from '../permits/permitQueries';
import { referenceOf } from '../permits/permitText';

const useStyles = makeStyles({
  card: { maxWidth: '560px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  state: { fontSize: tokens.fontSizeBase500, padding: tokens.spacingHorizontalM },
});

type Live = { status: 'loading' } | { status: 'live'; permit: Permit; at: Date } | { status: 'unreachable'; message: string };

/**
 * /permits/{id}/verify: what a printed permit's QR code opens. It asks the server for the live
 * state, so a revoked or expired paper permit at the job site is caught by a phone scan; when
 * the server cannot be reached it says so and shows what this device last synced.
 */
export function VerifyPermitPage() {
  const styles = useStyles();
  const { permitInstanceId = '' } = useParams();
  const db = useReplica();
  const { data, email } = useAppData();
  const [live, setLive] = useState<Live>({ status: 'loading' });
  const local = useObservable(useMemo(() => permit$(db, email, permitInstanceId), [db, email, permitInstanceId]), undefined);

  useEffect(() => {
    let current = true;
    fetchLivePermit(permitInstanceId).then(
      (permit) => current && setLive({ status: 'live', permit, at: new Date() }),
      (error: Error) => current && setLive({ status: 'unreachable', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [permitInstanceId]);

  if (live.status === 'loading') return <Spinner label="Checking the permit's state with the server…" />;
  const permit = live.status === 'live' ? live.permit : (local?.permit?.doc ?? null);
  if (!permit) {
    return (
      <MessageBar intent="error"><MessageBarBody>{live.status === 'unreachable' ? live.message : 'No Permit found.'}</MessageBarBody></MessageBar>
    );
  }
  const state = permit.State as PermitState;
  const valid = state === 'APPROVED';
  return (
    <Card className={styles.card} aria-label="Permit verification">
      <Title2 as="h1">{`Permit # ${referenceOf(permit.PermitInstanceReferenceId)}`}</Title2>
      <Badge className={styles.state} aria-label="Live state" style={{ backgroundColor: PERMIT_STATE_COLOURS[state], color: stateTextColour(state) }}>{state}</Badge>
      {live.status === 'live' ? (
        <Caption1>{`Checked with the server at ${live.at.toLocaleString()}`}</Caption1>
      ) : (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>The server could not be reached</MessageBarTitle>
            This is the state this device last synced; check again with a connection before relying on it.
          </MessageBarBody>
        </MessageBar>
      )}
      <MessageBar intent={valid ? 'success' : 'error'}>
        <MessageBarBody>{valid ? 'This permit is approved: work may proceed as the permit says.' : `This permit is ${state}: work must not proceed on this paper permit.`}</MessageBarBody>
      </MessageBar>
      <Body1>{`Location: ${data.tree.byId.get(permit.LocationId)?.Title ?? permit.workLocation}`}</Body1>
      {permit.workOrderNumber && <Body1>{`Work order: ${permit.workOrderNumber}`}</Body1>}
      {permit.EndStateDescription && <Body1>{`Reason: ${permit.EndStateDescription}`}</Body1>}
      <Link to={`/permits/${encodeURIComponent(permit.PermitInstanceId)}/edit`}>Open the permit</Link>
    </Card>
  );
}
