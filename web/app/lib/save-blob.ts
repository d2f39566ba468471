/**
 * Hands a file made in the browser to the browser's downloads as `fileName`. Here rather than in a
 * feature so that a page saving a track does not load the licence code with it (issue 15).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click synchronously, Safari doesn't.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
