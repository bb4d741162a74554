import { rgb } from 'pdf-lib';
import type { Handover, HandoverPermit, HandoverStamp } from '../../schemas';
import { PdfWriter } from './pdfWriter';

const RED = rgb(0.7, 0.1, 0.1);

/** A time on the site's clock, as the shift reads it: 2026-01-15 18:00. */
function local(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${date} ${time}`;
}

const signed = (s: HandoverStamp, timeZone: string) =>
  `${s.Name}, ${local(s.At, timeZone)}${s.DeviceAt && s.DeviceAt.slice(0, 16) !== s.At.slice(0, 16) ? ` (on the device ${local(s.DeviceAt, timeZone)})` : ''}`;

function timeLeft(p: HandoverPermit, timeZone: string): string {
  if (p.MinutesLeft === null) return 'no end given';
  const until = `until ${local(p.ValidUntil, timeZone)}`;
  if (p.MinutesLeft < 0) return `validity ended ${until.slice(6)}`;
  const hours = Math.floor(p.MinutesLeft / 60);
  return `${hours ? `${hours} h ` : ''}${p.MinutesLeft % 60} min left, ${until}${p.TimesOutNextShift ? ' - TIMES OUT NEXT SHIFT' : ''}`;
}

/**
 * A handover as paper: the area and shift, who handed over and who signed for it (or that nobody
 * has yet), the general notes, each section of the page as submitted with the note on each item,
 * and the addenda in order. Times on the site's clock.
 */
export async function renderHandoverPdf(h: Handover, timeZone: string, printedAt: Date, printedBy: string): Promise<Uint8Array> {
  const title = `Shift handover: ${h.Page.LocationTitle}, ${h.Shift.Name} shift`;
  const writer = await PdfWriter.create((w, page) => {
    w.drawAt(page, title, 0, 12, 14, true);
    w.drawAt(page, `${local(h.Shift.Start, timeZone)} to ${local(h.Shift.End, timeZone)} (${timeZone})`, 0, 28, 10, true);
    w.drawAt(page, `Printed ${local(printedAt.toISOString(), timeZone)} by ${printedBy}. The snapshot is the area as handed over, not as it is now.`, 0, 42, 7);
    w.skipHeader(50);
  });
  writer.doc.setTitle(title);
  writer.doc.setCreator('OpenPermit');

  writer.heading('Handover');
  writer.field('Handed over by', signed(h.SubmittedBy, timeZone));
  if (h.Acknowledgement) {
    writer.field('Acknowledged by', signed(h.Acknowledgement.By, timeZone));
    if (h.Acknowledgement.Comment) writer.field('Comment on acknowledging', h.Acknowledgement.Comment);
  } else {
    writer.text('Not acknowledged yet: the incoming person has not signed for this handover.', { bold: true, color: RED });
  }
  writer.field('General notes', h.GeneralNotes || 'None');

  const notes = new Map(h.ItemNotes.map((n) => [n.ItemId, n.Note]));
  const note = (id: string) => (notes.has(id) ? ` Note: ${notes.get(id)}` : '');
  const permits = (heading: string, list: readonly HandoverPermit[], empty: string, line: (p: HandoverPermit) => string) => {
    writer.heading(heading);
    if (!list.length) writer.text(empty);
    for (const p of list) writer.field(`${p.Reference} ${p.State}`, `${line(p)}${note(`permit:${p.PermitInstanceId}`)}`);
  };
  const describe = (p: HandoverPermit) => [p.Work || 'No work description', p.Receiver && `receiver ${p.Receiver}`, p.Where].filter(Boolean).join('; ');
  permits('Open permits', h.Page.OpenPermits, 'No open permits.', (p) => `${describe(p)}. ${timeLeft(p, timeZone)}.`);
  permits('Awaiting approval', h.Page.AwaitingApproval, 'None awaiting approval.', (p) => `${describe(p)}.`);
  permits('Ended this shift', h.Page.EndedThisShift, 'None revoked, rejected or completed this shift.',
    (p) => `${describe(p)}. ${p.State.toLowerCase()} at ${local(p.EndedAt, timeZone)}${p.Reason ? `: ${p.Reason}` : ''}.`);
  if (h.Page.Isolations) {
    writer.heading('Isolations in place and pending de-isolation');
    for (const c of h.Page.Isolations) {
      writer.field(`${c.Reference} ${c.State}`, `${c.Equipment}, ${c.Points} point${c.Points === 1 ? '' : 's'}${c.Permits.length ? `; permits ${c.Permits.join(', ')}` : ''}.${note(`isolation:${c.IsolationCertificateId}`)}`);
    }
  }
  if (h.Page.GasTests) {
    writer.heading('Gas tests and suspensions');
    for (const g of h.Page.GasTests) writer.field(`${g.Reference} ${g.Status}`, `${g.Words}.${note(`gas:${g.PermitInstanceId}`)}`);
  }
  if (h.Page.Clashes) {
    writer.heading('SIMOPS clashes');
    for (const c of h.Page.Clashes) writer.field(c.Permits.map((p) => p.Reference).join(' and '), `${c.Words}${note(`clash:${c.Permits.map((p) => p.PermitInstanceId).join(':')}`)}`);
  }
  if (h.Addenda.length) {
    writer.heading('Addenda');
    for (const a of h.Addenda) writer.field(signed(a.By, timeZone), a.Text);
  }
  return writer.doc.save();
}
