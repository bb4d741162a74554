/**
 * The sentence of each permit action but a content edit (historyText.ts): the action names the
 * server records (server/permits, server/print, server/attachments), both the approval steps'
 * own ('permit.approval.approval') and the short ones ('permit.approve').
 */
import type { PermitHistoryEvent } from '../../schemas';
import type { HistoryContext, HistoryEntry } from './historyText';

type Words = Pick<HistoryEntry, 'summary' | 'details'>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const id = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** What the user did, after their name, where the details add nothing but a reason. */
const VERBS: Record<string, string> = {
  'permit.create': 'created the permit',
  'permit.submit': 'submitted the permit for approval',
  'permit.approve': 'approved the permit',
  'permit.approval.approval': 'approved the permit',
  'permit.review': 'reviewed the permit',
  'permit.approval.review': 'reviewed the permit',
  'permit.reject': 'rejected the permit',
  'permit.approval.rejection': 'rejected the permit',
  'permit.discontinue': 'discontinued the permit',
  'permit.approval.discontinue': 'discontinued the permit',
  'permit.revoke': 'revoked the permit',
  'permit.closeout.submit': 'submitted the close-out',
  'permit.closeout.approve': 'approved the close-out',
  'permit.close': 'closed the permit',
  'permit.issue': 'issued the permit',
  'permit.timeout': 'timed the permit out',
  'permit.comment': 'commented on the permit',
  'permit.copy': 'copied the permit',
  'permit.location': 'changed the work location',
  'permit.print': 'printed the permit',
  'permit.attachment.add': 'added an attachment',
  'permit.attachment.delete': 'removed an attachment',
  'permit.cacheClear': "cleared the permit from the devices' caches",
  'permits.cacheClear': "cleared the permit from the devices' caches",
};

/** The approval step an approval action was taken at, as the permit's records label it. */
function stepOf(details: Record<string, unknown>, context: HistoryContext): string | null {
  const byId = text(details.PermitApprovalId);
  const labelled = byId === null ? undefined : context.approvals?.get(byId);
  return text(details.ApprovalLabel) ?? labelled ?? text(details.ApprovalName);
}

function printer(details: Record<string, unknown>, context: HistoryContext): string | null {
  const printerId = id(details.PrinterId);
  return text(details.PrinterName) ?? (printerId === null ? null : (context.printers?.get(printerId) ?? `printer ${printerId}`));
}

/** The lines under the sentence: a reason or comment, and the state the action moved the permit between. */
function facts(details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const reason = text(details.reason) ?? text(details.Reason) ?? text(details.endState) ?? text(details.comment) ?? text(details.Comment);
  if (reason) lines.push(`Reason: "${reason}"`);
  const from = text(details.from);
  const to = text(details.to);
  if (from && to && from !== to) lines.push(`State: ${from} → ${to}`);
  return lines;
}

function location(details: Record<string, unknown>, context: HistoryContext): string | null {
  const moved = details.LocationId as { from?: unknown; to?: unknown } | undefined;
  const to = id(moved?.to);
  if (to === null) return details.Position ? 'moved the work location on the plot plan' : null;
  const name = (n: number | null) => (n === null ? 'an unknown location' : (context.locations?.get(n) ?? `location ${n}`));
  return `moved the permit from ${name(id(moved?.from))} to ${name(to)}`;
}

/** The sentence of an event that is not a content edit. An action this release does not know is still listed, by its name. */
export function actionSentence(actor: string, event: PermitHistoryEvent, context: HistoryContext): Words {
  const details = event.Details;
  const verb = VERBS[event.Action];
  const lines = facts(details);
  switch (event.Action) {
    case 'permit.create': {
      const copied = text(details.copiedFrom);
      return { summary: `${actor} ${copied ? 'created the permit as a copy of another permit' : verb}`, details: lines };
    }
    case 'permit.print': {
      const on = printer(details, context);
      const result = text(details.Result);
      const failed = result !== null && result !== 'OK';
      const summary = `${actor} ${failed ? 'tried to print the permit' : verb}${on ? ` on ${on}` : ''}`;
      return { summary, details: failed ? [`The printer answered: ${result}`, ...lines] : lines };
    }
    case 'permit.attachment.add':
    case 'permit.attachment.delete': {
      const file = text(details.FileName);
      const did = event.Action === 'permit.attachment.add' ? 'added attachment' : 'removed attachment';
      return { summary: `${actor} ${file ? `${did} ${file}` : verb}`, details: lines };
    }
    case 'permit.location':
      return { summary: `${actor} ${location(details, context) ?? verb}`, details: lines };
    case 'permit.approval.approval':
    case 'permit.approval.review':
    case 'permit.approval.rejection':
    case 'permit.approval.discontinue':
    case 'permit.approve':
    case 'permit.review':
    case 'permit.discontinue': {
      const step = stepOf(details, context);
      return { summary: `${actor} ${verb}${step ? ` as ${step}` : ''}`, details: lines };
    }
    default:
      return { summary: verb ? `${actor} ${verb}` : `${actor}: ${event.Action}`, details: lines };
  }
}
