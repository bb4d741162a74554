import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

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
