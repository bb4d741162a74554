import { Button } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { approvalBasis } from '../../../domain/isolations/approvalBasis';
import { messages } from '../../../domain/messages';
import type { ApprovalsView } from '../../../domain/permits/approvals';
import { RULES, settle } from '../../../domain/permits/lifecycle';
import { copyPermit } from '../../../replication/permitCopy';
import { forcePull } from '../../../replication/syncState';
import type { ApprovalRecord, Permit, PermitState } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useNotify } from '../../app/toaster';
import { AttachmentsButton } from '../attachments/AttachmentsButton';
import { useApprovalGate } from '../gasTests/useGasTests';
import { namedBy } from '../isolations/isolationQueries';
import { approvalRefusal } from '../isolations/permitInterlock';
import { useIsolations } from '../isolations/useIsolations';
import { PrintDialog } from '../printing/PrintDialog';
import { simopsNotice, simopsRefusal } from '../simops/approvalCheck';
import { useSimops } from '../simops/useSimops';
import { ApprovalsDialog } from './ApprovalsDialog';
import { PermitActionBar } from './PermitActionBar';
import { actOnApproval, rejectPermit, revokePermit, submitPermit } from './permitWrites';
import { ReasonDialog } from './ReasonDialog';
import { SubmittedDialog } from './SubmittedDialog';

interface Props {
  permit: Permit;
  approvals: ApprovalsView | null;
  groups: ReadonlySet<string>;
  canEdit: boolean;
  /** CopyEnabled of the location and the copy feature (SPEC §4). */
  copyEnabled: boolean;
  yourApprovalRequired: boolean;
  /** Validates the form before a submit; false stops it. */
  beforeSubmit(): boolean;
  /** permits.print and a state the location prints in (SPEC §4, §6). */
  canPrint?: boolean;
  /** The location merges attached PDFs into printed permits. */
  mergePdfs?: boolean;
}

type Open = 'approvals' | 'reject' | 'revoke' | null;

/** The action bar and its dialogs; every change goes through the outbox, the copy (which needs the server's answer) excepted. */
export function PermitActions({ permit, approvals, groups, canEdit, copyEnabled, yourApprovalRequired, beforeSubmit, canPrint = false, mergePdfs = false }: Props) {
  const db = useReplica();
  const { email } = useAppData();
  const notify = useNotify();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<Open>(null);
  const [printing, setPrinting] = useState(false);
  // The state before the last submit: the dialog names the new one when it changed. After create the permit was a DRAFT.
  const [submittedFrom, setSubmittedFrom] = useState<string | null>(search.get('redirectFromCreate') === 'true' ? 'DRAFT' : null);
  const writer = { db, owner: email };
  const isolations = useIsolations();
  const simops = useSimops();
  const gasGate = useApprovalGate(permit);
  const id = permit.PermitInstanceId;
  const state = permit.State as PermitState;
  const records = approvals?.Approvals ?? [];
  // Whether approving this record makes the permit APPROVED: the moment the SIMOPS gate judges (issue 38).
  const issues = (record: ApprovalRecord) =>
    state !== 'APPROVED' && settle(state, records.map((r) => (r.PermitApprovalId === record.PermitApprovalId ? { ...r, IsApproved: true } : r))) === 'APPROVED';
  const allowed = (action: keyof typeof RULES) => canEdit && RULES[action].from.includes(state);

  // The list card's Print lands here with print=true (SPEC §2). canPrint waits for the location's metadata, so the
  // request is honoured when it turns true; dropped then, so a reload or Back does not open the dialog again.
  useEffect(() => {
    if (!canPrint || search.get('print') !== 'true') return;
    setPrinting(true);
    const next = new URLSearchParams(search);
    next.delete('print');
    setSearch(next, { replace: true });
  }, [canPrint, search, setSearch]);

  const submit = () => {
    if (!beforeSubmit()) return;
    setSubmittedFrom(permit.State);
    void submitPermit(writer, id);
  };
  const closeSubmitted = () => {
    setSubmittedFrom(null);
    if (!search.has('redirectFromCreate')) return;
    const next = new URLSearchParams(search);
    next.delete('redirectFromCreate');
    setSearch(next, { replace: true });
  };
  const reject = async (reason: string) => {
    try {
      await rejectPermit(writer, id, reason);
      notify('success', messages.permits.rejected);
      navigate('/permits/list');
    } catch {
      notify('error', messages.permits.rejectFailed);
    }
  };
  const revoke = async (reason: string) => {
    try {
      await revokePermit(writer, id, reason);
      notify('success', messages.permits.revoked(1));
      navigate('/permits/list');
    } catch {
      notify('error', messages.permits.rejectFailed);
    }
  };
  const copy = async () => {
    try {
      const { PermitInstance, DefinitionIsLatest } = await copyPermit(id);
      await forcePull(db);
      notify('success', 'Your have successfully copied this permit');
      navigate(`/permits/${PermitInstance.PermitInstanceId}/edit${DefinitionIsLatest ? '' : '?staleDefinition=true'}`);
    } catch {
      notify('error', 'There was a problem copying this permit, please try again.');
    }
  };

  return (
    <>
      <PermitActionBar
        canSubmit={allowed('submit')}
        canReject={allowed('reject')}
        canRevoke={allowed('revoke')}
        canCopy={allowed('copy') && copyEnabled}
        yourApprovalRequired={yourApprovalRequired}
        onSubmit={submit}
        onApprovals={() => setOpen('approvals')}
        onReject={() => setOpen('reject')}
        onRevoke={() => setOpen('revoke')}
        onCopy={() => void copy()}
      >
        <AttachmentsButton permitId={id} canEdit={canEdit} />
        {canPrint && <Button icon={<PrintRegular />} onClick={() => setPrinting(true)}>Print</Button>}
      </PermitActionBar>
      {/* Mounted per opening: each print starts from the printers' live state, with no result of the last one
          (a dialog kept mounted also came back hidden from assistive technology, aria-hidden, on its second opening). */}
      {printing && (
        <PrintDialog
          open
          permitId={id}
          reference={permit.PermitInstanceReferenceId}
          locationId={permit.LocationId}
          mergePdfs={mergePdfs}
          onClose={() => setPrinting(false)}
        />
      )}
      <ApprovalsDialog
        open={open === 'approvals'}
        onClose={() => setOpen(null)}
        state={state}
        approvals={approvals}
        groups={groups}
        canEdit={canEdit}
        notice={open === 'approvals' && records.some((r) => groups.has(r.ApprovalGroup) && issues(r)) ? simopsNotice(simops, permit, Date.now()) : null}
        onAct={(record, action, comment) => {
          // The interlock of issue 36, told at once: the server would refuse the approval anyway.
          const named = namedBy(isolations ?? [], id).map(({ doc }) => doc);
          const refusal = approvalRefusal(permit, records, record, action, named);
          // The gas test gate of issue 37, likewise: a passing reading recent enough, every sample point passing.
          const refused = refusal ?? (action === 'Approval' && issues(record) ? gasGate() : null);
          if (refused) {
            notify('error', refused);
            return null;
          }
          // SIMOPS (issue 38), judged on the device first: a block is refused, a review waits for the comment that acknowledges it.
          const clash = action === 'Approval' && issues(record) ? simopsRefusal(simops, permit, comment, Date.now()) : null;
          if (!clash) void actOnApproval(writer, id, record.PermitApprovalId, action, comment, approvalBasis(named));
          return clash;
        }}
      />
      <ReasonDialog open={open === 'reject'} title="Reject Permit" action="Reject" onCancel={() => setOpen(null)} onConfirm={(r) => void reject(r)} />
      <ReasonDialog open={open === 'revoke'} title="Revoke Permit" action="Revoke" onCancel={() => setOpen(null)} onConfirm={(r) => void revoke(r)} />
      <SubmittedDialog
        open={submittedFrom !== null}
        created={search.get('redirectFromCreate') === 'true'}
        newState={submittedFrom !== null && permit.State !== submittedFrom ? permit.State : null}
        onContinue={closeSubmitted}
        onPrint={canPrint ? () => { closeSubmitted(); setPrinting(true); } : undefined}
      />
    </>
  );
}
