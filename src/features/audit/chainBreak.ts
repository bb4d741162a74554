import type { AuditVerifyResponse } from '../../../schemas';

type ChainBreak = NonNullable<AuditVerifyResponse['firstBreak']>;

/** What each kind of break means for the record, for a reader who does not know the chain's fields. */
const PROBLEMS: Record<string, string> = {
  missing: 'an event is missing (deleted, or the chain was cut)',
  'out-of-order': 'an event was inserted by hand outside the chain',
  'prev-hash': 'an event does not follow the one before it (inserted, replaced or moved)',
  hash: 'an event was changed after it was written',
  unsealed: 'an event was written around the chain, without a hash',
  head: "the chain's head does not match its last event",
};

/** The kind of break in words; a kind this app does not know yet is shown as the server named it. */
export const problemInWords = (problem: string): string => PROBLEMS[problem] ?? problem;

/** The headline of a verification, the same words whatever colour the bar is. */
export function verdict(report: AuditVerifyResponse): string {
  if (report.ok || !report.firstBreak) {
    return `The chain is intact: ${report.checked.toLocaleString('en')} events checked, head #${report.headId}, hash ${report.headHash}`;
  }
  return `The chain is broken at event #${report.firstBreak.id}: ${problemInWords(report.firstBreak.problem)}`;
}

export type { ChainBreak };
