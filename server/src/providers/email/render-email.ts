import type { Language } from '@cuewave/contract/languages';
export type EmailContent = {
  /** The reader's language (decision 076): the layout's own words and `<html lang>` follow it. */
  language: Language;
  /** The line mail clients show after the subject; hidden in the body. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** A one-time code, shown large and spaced so it reads and copies well. */
  code?: string;
  button?: { label: string; url: string };
  /** Small print under a rule, e.g. "If you did not ask for this, ignore this email." */
  footnote?: string;
};

const BRAND = 'Cuewave';

/** The words the layout itself writes around every email's content. */
const LAYOUT_TEXTS: Record<Language, { buttonFallback: string; tagline: string }> = {
  en: {
    buttonFallback: 'If the button does not work, copy this link into your browser:',
    tagline: 'Music and sound effects for your stories',
  },
  pl: {
    buttonFallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    tagline: 'Muzyka i efekty dźwiękowe do twoich historii',
  },
};
const ACCENT = '#5c8dff';
// Text on the accent and links in the accent's hue keep a WCAG AA contrast (white on #5c8dff is 3.1:1).
const ON_ACCENT = '#0d1530';
const LINK = '#2f5fd0';
const TEXT = '#1a1d24';
const MUTED = '#5b6270';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace";

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Only http(s) links go into an href; anything else (javascript:, data:) becomes '#'. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : '#';
  } catch {
    return '#';
  }
}

/**
 * One layout for every email the store sends: a table-based, inline-styled HTML body (what mail
 * clients, Outlook included, render reliably) and a plain-text twin with the same words, code and link.
 * Every interpolated value is escaped; callers pass plain text, never markup.
 */
export function renderEmail(input: EmailContent): { html: string; text: string } {
  return { html: renderHtml(input), text: renderText(input) };
}

function renderHtml(input: EmailContent): string {
  const words = LAYOUT_TEXTS[input.language];
  const paragraphs = input.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${TEXT};">${escapeHtml(p)}</p>`,
    )
    .join('\n');

  const code = input.code
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
  <tr>
    <td style="background-color:#f2f5ff;border:1px solid #d6e0ff;border-radius:8px;padding:16px 24px;font-family:${MONO};font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;color:${TEXT};">${escapeHtml(input.code)}</td>
  </tr>
</table>`
    : '';

  const href = input.button ? escapeHtml(safeUrl(input.button.url)) : '';
  const button = input.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
  <tr>
    <td style="border-radius:6px;background-color:${ACCENT};" bgcolor="${ACCENT}">
      <a href="${href}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:16px;line-height:24px;font-weight:700;color:${ON_ACCENT};text-decoration:none;border-radius:6px;">${escapeHtml(input.button.label)}</a>
    </td>
  </tr>
</table>
<p style="margin:0 0 16px 0;font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(words.buttonFallback)}<br><a href="${href}" style="color:${LINK};word-break:break-all;">${escapeHtml(input.button.url)}</a></p>`
    : '';

  const footnote = input.footnote
    ? `<tr>
  <td style="padding:16px 32px 24px 32px;border-top:1px solid #e6e8ee;font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(input.footnote)}</td>
</tr>`
    : '';

  return `<!DOCTYPE html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(input.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f8;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(input.preheader)}&#8199;&#847;&#8199;&#847;&#8199;&#847;</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f8;">
  <tr>
    <td align="center" style="padding:32px 16px;">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:10px;border:1px solid #e6e8ee;">
        <tr>
          <td style="padding:24px 32px 0 32px;font-family:${FONT};font-size:20px;line-height:28px;font-weight:800;color:${TEXT};">
            <span aria-hidden="true" style="color:${ACCENT};">&#9679;</span> ${BRAND}
          </td>
        </tr>
        <tr>
          <td style="padding:24px 32px 8px 32px;">
            <h1 style="margin:0 0 16px 0;font-family:${FONT};font-size:24px;line-height:32px;font-weight:700;color:${TEXT};">${escapeHtml(input.heading)}</h1>
${paragraphs}
${code}
${button}
          </td>
        </tr>
${footnote}
      </table>
      <p style="margin:16px 0 0 0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">${BRAND} &middot; ${escapeHtml(words.tagline)}</p>
    </td>
  </tr>
</table>
</body>
</html>
`;
}

function renderText(input: EmailContent): string {
  const parts = [input.heading, '', ...input.paragraphs.flatMap((p) => [p, ''])];
  if (input.code) parts.push(`    ${input.code}`, '');
  if (input.button) parts.push(`${input.button.label}:`, input.button.url, '');
  if (input.footnote) parts.push('--', input.footnote, '');
  parts.push(`${BRAND} · ${LAYOUT_TEXTS[input.language].tagline}`);
  return `${parts.join('\n')}\n`;
}
