import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of a PDF as poppler's pdftotext reads it, and its page count. */
export function pdfText(pdf: Uint8Array): { text: string; pages: number } {
  const dir = mkdtempSync(join(tmpdir(), 'openpermit-pdf-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Renders the first page (pdftoppm) and decodes the QR code on it, as a phone camera would. */
export function qrOnFirstPage(pdf: Uint8Array): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'openpermit-qr-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
    const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
