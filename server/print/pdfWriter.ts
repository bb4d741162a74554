import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

/** A time on paper read anywhere: minutes, in UTC, said so; a dash for none. */
export const when = (iso: string | null | undefined) => (iso ? `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');

/**
 * Writes text down A4 pages, starting a new page when one is full. The standard fonts only
 * know WinAnsi: other characters are written as '?' rather than failing the whole print.
 */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly header: (page: PDFPage) => void,
  ) {}

  static async create(header: (writer: PdfWriter, page: PDFPage) => void): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const writer: PdfWriter = new PdfWriter(doc, regular, bold, (page) => header(writer, page));
    writer.newPage();
    return writer;
  }

  /**
   * A document whose live state matters (a permit, an isolation certificate): title and state on
   * every page, green only in the state work may go on in, and when and by whom it was printed.
   */
  static async live(o: { title: string; subject: string; state: string; inForce: boolean; printedAt: Date; printedBy: string }): Promise<PdfWriter> {
    const writer = await PdfWriter.create((w, page) => {
      w.drawAt(page, o.title, 0, 12, 14, true);
      w.drawAt(page, `State: ${o.state}`, 0, 28, 11, true, o.inForce ? rgb(0, 0.45, 0.1) : rgb(0.7, 0.1, 0.1));
      w.drawAt(page, `Printed ${when(o.printedAt.toISOString())} by ${o.printedBy}. Scan the code for the live state: paper can be out of date.`, 0, 42, 7);
      w.skipHeader(50);
    });
    writer.doc.setTitle(o.title);
    writer.doc.setSubject(o.subject);
    writer.doc.setCreator('OpenPermit');
    return writer;
  }

  /** The QR code to the live state at the top right of the first page, beside the header, and its address in words. */
  async liveCode(url: string): Promise<void> {
    const qr = await this.doc.embedPng(await QRCode.toBuffer(url, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' }));
    this.doc.getPage(0).drawImage(qr, { x: A4[0] - MARGIN - 96, y: A4[1] - MARGIN - 100, width: 96, height: 96 });
    this.text(url, { size: 7, color: rgb(0.2, 0.2, 0.6) });
  }

  get width(): number {
    return A4[0] - 2 * MARGIN;
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.header(this.page);
  }

  /** Moves the cursor down, starting a new page when `needed` points do not fit. */
  space(needed: number): void {
    if (this.y - needed < MARGIN) this.newPage();
    this.y -= needed;
  }

  safe(text: string, bold = false): string {
    const font = bold ? this.bold : this.regular;
    return Array.from(text.replace(/\r?\n/g, ' '), (c) => {
      try {
        font.encodeText(c);
        return c;
      } catch {
        return '?';
      }
    }).join('');
  }

  /** Text wrapped to the width, at x (from the left margin). */
  text(text: string, o: { size?: number; bold?: boolean; x?: number; color?: RGB } = {}): void {
    const size = o.size ?? 9;
    const font = o.bold ? this.bold : this.regular;
    const x = o.x ?? 0;
    for (const line of this.wrap(this.safe(text, o.bold), font, size, this.width - x)) {
      this.space(size + 3);
      this.page.drawText(line, { x: MARGIN + x, y: this.y, size, font, color: o.color ?? rgb(0, 0, 0) });
    }
  }

  /** A label and its value on one line (the value wrapped under itself). */
  field(label: string, value: string): void {
    const size = 9;
    const labelWidth = 190;
    const lines = this.wrap(this.safe(value || '—'), this.regular, size, this.width - labelWidth);
    const labelLines = this.wrap(this.safe(label, true), this.bold, size, labelWidth - 8);
    for (let i = 0; i < Math.max(lines.length, labelLines.length); i++) {
      this.space(size + 3);
      if (labelLines[i]) this.page.drawText(labelLines[i]!, { x: MARGIN, y: this.y, size, font: this.bold });
      if (lines[i]) this.page.drawText(lines[i]!, { x: MARGIN + labelWidth, y: this.y, size, font: this.regular });
    }
  }

  image(image: PDFImage, width: number, height: number, x = 0): void {
    this.space(height + 4);
    this.page.drawImage(image, { x: MARGIN + x, y: this.y, width, height });
  }

  heading(text: string, size = 12): void {
    this.space(6);
    this.text(text, { size, bold: true });
    this.space(2);
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    this.space(2);
  }

  /** Draws on the current page at absolute coordinates (headers). */
  drawAt(page: PDFPage, text: string, x: number, yFromTop: number, size: number, bold = false, color = rgb(0, 0, 0)): void {
    page.drawText(this.safe(text, bold), { x: MARGIN + x, y: A4[1] - MARGIN - yFromTop, size, font: bold ? this.bold : this.regular, color });
  }

  /** Leaves room below the page header. */
  skipHeader(height: number): void {
    this.y -= height;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) {
        line = next;
      } else {
        lines.push(line);
        line = word;
      }
      // A word longer than the line is cut where it must be.
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
    return lines;
  }
}

export const PAGE_TOP = A4[1] - MARGIN;
