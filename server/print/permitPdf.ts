import { PDFDocument } from 'pdf-lib';
import type { IsolationCertificate, Permit, PermitApprovals, PermitDefinition } from '../../schemas';
import { printedSections, type Component } from './formValues';
import { writeGasTests, type PrintedGasTests } from './gasTestsSection';
import { writeIsolations } from './isolationsSection';
import { PdfWriter, when } from './pdfWriter';

export interface PermitPrintout {
  permit: Permit & { validUntil: string | null };
  definition: PermitDefinition;
  approvals: PermitApprovals;
  locationTitle: string;
  /** The verification page the QR code opens: the permit's live state, for a phone at the job site. */
  verifyUrl: string;
  printedAt: Date;
  printedBy: string;
  /** The readings with their limits and any suspension (issue 37). */
  gasTests?: PrintedGasTests;
  /** The isolation certificates the permit relies on (issue 36). */
  isolations?: IsolationCertificate[];
  /** Attached PDFs to append, when the location merges them (MergePdfs). */
  merge?: Uint8Array[];
}

/**
 * The permit as paper (issue 10): a header with reference and state on every page, a QR code to
 * its live state, where and what, validity, every section of every sub-form with its values and
 * signatures, and the approvals with who and when; attached PDFs follow when asked.
 */
export async function renderPermitPdf(p: PermitPrintout): Promise<Uint8Array> {
  const reference = p.permit.PermitInstanceReferenceId;
  const title = `Permit # ${reference}`;
  const writer = await PdfWriter.live({
    title, subject: `OpenPermit permit ${reference} (${p.permit.State})`, state: p.permit.State, inForce: p.permit.State === 'APPROVED', printedAt: p.printedAt, printedBy: p.printedBy,
  });
  await writer.liveCode(p.verifyUrl);

  writer.heading('Permit');
  writer.field('Permit types', p.permit.permitTypes.map((t) => t.Label).join(', '));
  writer.field('Location', p.locationTitle);
  writer.field('Work order', [p.permit.workOrderNumber, p.permit.assetNumber, p.permit.assetDescription].filter(Boolean).join(' — '));
  writer.field('Work location', p.permit.workLocation);
  writer.field('Company', p.permit.companyName);
  writer.field('Work date', p.permit.workDate);
  writer.field('Valid', `${when(p.permit.EffectiveDate)} until ${when(p.permit.validUntil)}`);
  if (p.permit.EndStateDescription) writer.field('Reason', p.permit.EndStateDescription);

  const people = new Map(p.permit.PermitInstanceMetadataJSON.UsersOfGroupList.flatMap((g) => g.UserFormattedList.map((u) => [String(u.value), u.label] as const)));
  for (const type of p.permit.permitTypes) {
    const form = p.definition.DefinitionMetadataJSON.Forms.find((f) => f.PermitType === type.Name);
    if (!form) continue;
    const schema = p.definition.Forms[form.Name] as { title?: string; components?: Component[] } | undefined;
    const data = (p.permit.ContentJSON[form.ContentsPath] ?? {}) as Record<string, unknown>;
    writer.heading(type.Label, 14);
    for (const section of printedSections(schema ?? {}, data, people)) {
      writer.heading(section.title, 11);
      for (const value of section.values) {
        if (value.kind === 'text') {
          writer.field(value.label, value.text);
        } else if (value.dataUrl) {
          const image = await writer.doc.embedPng(Buffer.from(value.dataUrl.replace(/^data:[^,]*,/, ''), 'base64')).catch(() => null);
          writer.field(value.label, image ? '' : 'Signed (the signature image could not be read)');
          if (image) {
            const scale = Math.min(1, 200 / image.width, 60 / image.height);
            writer.image(image, image.width * scale, image.height * scale, 190);
          }
        } else {
          writer.field(value.label, 'Not signed');
        }
      }
    }
  }

  if (p.isolations?.length) writeIsolations(writer, p.isolations);
  if (p.gasTests) writeGasTests(writer, p.gasTests);

  writer.heading('Approvals');
  if (p.approvals.Approvals.length === 0) writer.text('This permit needs no approvals.');
  for (const a of [...p.approvals.Approvals].sort((x, y) => x.ApprovalOrder - y.ApprovalOrder)) {
    const status = a.IsApproved ? `${a.Nature || 'Approved'} by ${a.ApprovedByName ?? 'unknown'} at ${when(a.ApprovalDate)}` : `Waiting for ${a.ApprovalGroup}`;
    writer.field(a.ApprovalLabel, status);
  }
  for (const c of p.approvals.Comments) writer.field(`${c.CommentType} comment, ${when(c.CreatedOn)}`, c.Comment);

  // A damaged or encrypted attachment must not stop the permit itself from printing: the paper says it is missing.
  const sources = await Promise.all((p.merge ?? []).map((bytes) => PDFDocument.load(bytes).catch(() => null)));
  const unreadable = sources.filter((source) => source === null).length;
  if (unreadable > 0) writer.text(`${unreadable} attached PDF${unreadable === 1 ? '' : 's'} could not be read and ${unreadable === 1 ? 'is' : 'are'} not included.`, { bold: true });
  for (const source of sources) {
    if (!source) continue;
    for (const page of await writer.doc.copyPages(source, source.getPageIndices())) writer.doc.addPage(page);
  }
  return writer.doc.save();
}
