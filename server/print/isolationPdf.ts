import type { IsolationCertificate } from '../../schemas';
import { pointText } from './isolationsSection';
import { PdfWriter, when } from './pdfWriter';

export interface IsolationPrintout {
  certificate: IsolationCertificate;
  locationTitle: string;
  /** The certificate's page, which the QR code opens: its live state, offline too from the replica. */
  pageUrl: string;
  printedAt: Date;
  printedBy: string;
}

/**
 * The isolation certificate as paper for the lock box: reference and state on every page, a QR
 * code to its live state, every point with its lock and tag and signatures, the zero-energy test,
 * its steps and the permits that rely on it.
 */
export async function renderIsolationPdf(p: IsolationPrintout): Promise<Uint8Array> {
  const c = p.certificate;
  const title = `Isolation certificate ${c.ReferenceId}`;
  const writer = await PdfWriter.live({
    title, subject: `OpenPermit isolation certificate ${c.ReferenceId} (${c.State})`, state: c.State, inForce: c.State === 'VERIFIED', printedAt: p.printedAt, printedBy: p.printedBy,
  });
  await writer.liveCode(p.pageUrl);

  writer.heading('Certificate');
  writer.field('Location', p.locationTitle);
  writer.field('Equipment', c.Equipment);
  if (c.Description) writer.field('Description', c.Description);
  writer.field('Planned', `by ${c.CreatedBy.Name} at ${when(c.CreatedBy.At)}`);

  writer.heading('Isolation points');
  for (const point of c.Points) writer.field(point.Tag, pointText(point));

  writer.heading('Zero-energy test');
  writer.text(c.ZeroEnergyTest ? `${c.ZeroEnergyTest.Result} (by ${c.ZeroEnergyTest.By.Name} at ${when(c.ZeroEnergyTest.By.At)})` : 'Not recorded.');

  writer.heading('Permits relying on it');
  if (!c.Permits.length) writer.text('None.');
  for (const permit of c.Permits) writer.field(permit.PermitInstanceReferenceId, `${permit.State}, linked by ${permit.LinkedBy.Name} at ${when(permit.LinkedBy.At)}`);

  writer.heading('History');
  for (const step of c.Steps) writer.field(step.State, `${step.By.Name} at ${when(step.By.At)}`);
  return writer.doc.save();
}
