/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 with RFC 5987 encoding): browsers that read
 * filename* get the exact name, older ones the ASCII fallback. Control characters, quotes and
 * backslashes never reach the header, so a name cannot break out of it.
 */
export function attachmentDisposition(downloadName: string): string {
  const name = downloadName.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'download';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves ' ( ) * unescaped, which are not attr-chars in RFC 5987.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
