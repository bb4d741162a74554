import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { PermitFacts } from '../../../domain/isolations/interlock';
import { POINT_RULES, type IsolationActor } from '../../../domain/isolations/lifecycle';
import { POINT_STEPS, type IsolationCertificate, type IsolationPoint, type PointStepAction, type StepStamp } from '../../../schemas';
import { ActionWithReason } from './ActionWithReason';
import { pointRefusal } from './isolationWrites';

const LABELS: Record<PointStepAction, string> = { apply: 'Apply', verify: 'Verify', remove: 'Remove' };
const DONE: Record<PointStepAction, keyof IsolationPoint> = { apply: 'IsolatedBy', verify: 'VerifiedBy', remove: 'RemovedBy' };

const signed = (stamp: StepStamp | null) => (stamp ? `${stamp.Name}, ${new Date(stamp.At).toLocaleString()}` : '—');

interface Props {
  certificate: IsolationCertificate;
  actor: IsolationActor;
  permits: readonly PermitFacts[];
  onAct(action: PointStepAction, point: IsolationPoint): void;
}

/** The certificate's points with their three signatures, and the step each point awaits in the certificate's state. */
export function PointsTable({ certificate, actor, permits, onAct }: Props) {
  const action = POINT_STEPS.find((a) => POINT_RULES[a] === certificate.State);
  return (
    <Table aria-label="Isolation points">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Tag</TableHeaderCell>
          <TableHeaderCell>Type and method</TableHeaderCell>
          <TableHeaderCell>Lock / danger tag</TableHeaderCell>
          <TableHeaderCell>Applied by</TableHeaderCell>
          <TableHeaderCell>Verified by</TableHeaderCell>
          <TableHeaderCell>Removed by</TableHeaderCell>
          <TableHeaderCell>Action</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {certificate.Points.map((p) => (
          <TableRow key={p.PointId} aria-label={`Point ${p.Tag}`}>
            <TableCell>{p.Tag}{p.Remarks && <div>{p.Remarks}</div>}</TableCell>
            <TableCell>{`${p.Type}: ${p.Method}`}</TableCell>
            <TableCell>{[p.LockNumber, p.TagNumber].filter(Boolean).join(' / ') || '—'}</TableCell>
            <TableCell>{signed(p.IsolatedBy)}</TableCell>
            <TableCell>{signed(p.VerifiedBy)}</TableCell>
            <TableCell>{signed(p.RemovedBy)}</TableCell>
            <TableCell>
              {action && !p[DONE[action]] && (
                <ActionWithReason label={LABELS[action]} refusal={pointRefusal(action, p, certificate, actor, permits)} onAct={() => onAct(action, p)} />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
