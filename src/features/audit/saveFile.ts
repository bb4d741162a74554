/** Hands a fetched file to the browser as a download under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  // Revoked later, not at once: a large file may still be being written to disk after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
