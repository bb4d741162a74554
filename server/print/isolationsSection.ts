import type { IsolationCertificate, IsolationPoint, StepStamp } from '../../schemas';
import { when, type PdfWriter } from './pdfWriter';

const signed = (what: string, stamp: StepStamp | null) => (stamp ? `${what} by ${stamp.Name} at ${when(stamp.At)}` : `not ${what}`);

/** One isolation point as paper says it: where, how, the lock and tag at the device, and its three signatures. */
export function pointText(p: IsolationPoint): string {
  const hardware = [p.LockNumber && `lock ${p.LockNumber}`, p.TagNumber && `tag ${p.TagNumber}`].filter(Boolean).join(', ');
  const remarks = p.Remarks ? ` ${p.Remarks}` : '';
  const signatures = `${signed('isolated', p.IsolatedBy)}; ${signed('verified', p.VerifiedBy)}; ${signed('removed', p.RemovedBy)}`;
  return `${p.Type}, ${p.Method}${hardware ? ` (${hardware})` : ''}. ${signatures[0]!.toUpperCase()}${signatures.slice(1)}.${remarks}`;
}

/**
 * The permit PDF's list of the certificates it relies on, with every point: the person at the job
 * checks the locks in front of them against the paper.
 */
export function writeIsolations(writer: PdfWriter, certificates: IsolationCertificate[]): void {
  writer.heading('Isolation certificates');
  for (const c of certificates) {
    writer.text(`${c.ReferenceId}: ${c.State}. ${c.Equipment}`, { bold: true });
    for (const p of c.Points) writer.field(p.Tag, pointText(p));
  }
}
