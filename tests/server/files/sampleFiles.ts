import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

/** A real one-page PDF whose text is `text`. */
export async function samplePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

/** A real 4×4 PNG (a gas-test photo stands in). */
export function samplePng(): Uint8Array {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(200);
  return new Uint8Array(PNG.sync.write(png));
}

/** The first bytes of a Windows program: what a renamed .exe looks like to a sniffer. */
export function sampleExe(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a, 0x90, 0x00]);
  // PE header offset at 0x3c pointing to "PE\0\0".
  bytes[0x3c] = 0x80;
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return bytes;
}

export const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
