import { rgb } from 'pdf-lib';
import type { GasRules } from '../../domain/gasTests/limits';
import { inForce } from '../../domain/gasTests/readings';
import { judge, limitWords, outOfLimit } from '../../domain/gasTests/verdict';
import type { PermitGasTests } from '../../schemas';
import type { PdfWriter } from './pdfWriter';

/** What the printed permit says of its gas tests: the readings, the limits they were judged on, and any suspension. */
export interface PrintedGasTests {
  gasTests: PermitGasTests;
  rules: GasRules;
  /** The site's clock: paper at the job is read in local time. */
  timeZone: string;
}

const RED = rgb(0.7, 0.1, 0.1);

function localTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${date} ${time}`;
}

/**
 * The gas tests table of the permit PDF (issue 37): a permit without any, and not needing them,
 * prints nothing. A value out of limits is written out in words, never marked by colour alone.
 */
export function writeGasTests(writer: PdfWriter, { gasTests, rules, timeZone }: PrintedGasTests): void {
  if (!gasTests.Readings.length && !gasTests.Suspensions.length && !rules.required) return;
  // Not "Gas tests": the forms may have a section of that name, the readings typed into the form.
  writer.heading('Gas tests and suspension');
  const inForceNow = gasTests.Suspensions.find((s) => s.ResumedBy === null);
  if (inForceNow) writer.text(`Work suspended: ${inForceNow.Reason}`, { bold: true, color: RED });
  writer.field('Limits', rules.limits.map((l) => `${l.Gas} ${limitWords(l)}`).join('; '));
  writer.field('Times', `${timeZone}, as taken on the device`);
  if (!gasTests.Readings.length) writer.text('No gas test recorded.');
  const counted = new Set(inForce(gasTests.Readings).map((r) => r.ReadingId));
  for (const r of gasTests.Readings) {
    const verdicts = judge(r, rules.limits);
    const out = outOfLimit(verdicts);
    const values = verdicts.filter((v) => v.Value !== null).map((v) => `${v.Gas} ${v.Value} ${v.Limit.Unit}`).join(', ');
    const verdict = out.length ? `OUT OF LIMITS: ${out.map((v) => v.Words).join('; ')}` : 'within limits';
    const correction = r.Corrects ? ` Corrects an earlier reading: ${r.CorrectionReason ?? ''}.` : '';
    const superseded = counted.has(r.ReadingId) ? '' : ' Corrected by a later reading.';
    writer.field(`${localTime(r.TakenAt, timeZone)}, ${r.SamplePoint}`,
      `${values} (${verdict}). ${r.Tester.Name}, ${r.InstrumentId}, bump tested ${r.BumpTestDate}.${correction}${superseded}`);
  }
  for (const s of gasTests.Suspensions) {
    const resumed = s.ResumedBy ? ` Resumed ${localTime(s.ResumedBy.At, timeZone)} by ${s.ResumedBy.Name}: ${s.ResumeComment ?? ''}` : ' Not resumed.';
    writer.field(`Suspended ${localTime(s.SuspendedBy.At, timeZone)}`, `${s.Reason} (${s.SuspendedBy.Name}).${resumed}`);
  }
}
