import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CHANNEL_LABELS, LICENCE_PERPETUAL_TERM, type ChannelRef } from '@cuewave/contract/licence';

export type LicencePdfInput = {
  code: string;
  licensee: string;
  planTitle: string;
  terms: readonly string[];
  validFrom: Date;
  validUntil: Date | null;
  channels: ChannelRef[];
  issuedAt: Date;
  verifyUrl: string;
  termsUrl: string;
  /** The document's creation date (the clock's now). */
  now: Date;
};

const require = createRequire(import.meta.url);

type FontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];
type ParsedFont = { layout: unknown; characterSet: number[]; glyphForCodePoint: (codePoint: number) => unknown };

/**
 * pdfkit parses a font file anew for every document (about 60 ms for two Noto Sans faces, most of a
 * certificate's time). It also takes an already parsed fontkit font, so each face is parsed once
 * through a probe document and reused; fontkit fonts are read-only once parsed, and each document
 * keeps its own subset. Should pdfkit's internals change, the buffer is used as before.
 */
function parseOnce(buffer: Buffer): FontSource {
  try {
    const probe = new PDFDocument({ autoFirstPage: false });
    probe.registerFont('probe', buffer).font('probe');
    const parsed = (probe as unknown as { _font?: { font?: Partial<ParsedFont> } })._font?.font;
    if (typeof parsed?.layout !== 'function' || typeof parsed.glyphForCodePoint !== 'function') return buffer;
    // fontkit keeps the first glyph object it makes for an id, with the characters known then. A
    // document embedding 'ż' also makes 'z' as a bare component of it, without its character, and a
    // later document would then print a 'z' that cannot be copied or searched. Making every glyph of
    // the character map first gives each its character.
    for (const codePoint of parsed.characterSet ?? []) parsed.glyphForCodePoint(codePoint);
    return parsed as unknown as FontSource;
  } catch {
    return buffer;
  }
}

// Noto Sans from an npm font package (architecture §9): Polish and other non-Latin-1 names render.
let fonts: { regular: FontSource; bold: FontSource } | null = null;
function loadFonts(): { regular: FontSource; bold: FontSource } {
  fonts ??= {
    regular: parseOnce(
      readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    ),
    bold: parseOnce(readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'))),
  };
  return fonts;
}

const INK = '#0b0b10';
const MUTED = '#55556a';
const SUBTLE = '#8b8ba0';
const ACCENT = '#5a3cf0';
const BAND = '#13131b';
const PANEL = '#f4f2ff';
const PANEL_LINE = '#d9d2ff';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatCertificateDate = (d: Date) => dateFormat.format(d);

/**
 * The licence certificate (A4): who holds it, the plan and what it allows, the period, the channels,
 * the code, and a verification address with its QR code. Rendered on the request path: it takes a
 * few tens of milliseconds (the fonts are subset to the glyphs used).
 */
export async function renderLicencePdf(input: LicencePdfInput): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 40, left: 56, right: 56 },
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Cuewave licence certificate ${input.code}`,
      Author: 'Cuewave',
      Subject: `Music licence for ${input.licensee}`,
      Keywords: `licence, ${input.code}`,
      CreationDate: input.now,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const pageWidth = doc.page.width;
  const left = doc.page.margins.left;
  const width = pageWidth - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // Header band with the wordmark.
  doc.rect(0, 0, pageWidth, 92).fill(BAND);
  doc.rect(0, 92, pageWidth, 4).fill(ACCENT);
  doc.font('bold').fontSize(26).fillColor('#ffffff').text('Cuewave', left, 30, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#b3a6ff')
    .text('Music and sound effects for creators', left, 40, { width, align: 'right', lineBreak: false });

  doc.font('bold').fontSize(24).fillColor(INK).text('Licence certificate', left, 124);
  doc.moveDown(0.3);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(MUTED)
    .text(
      'This certifies that the licensee named below holds a Cuewave music licence for the channels listed, ' +
        'under the terms summarised on this certificate.',
      { width },
    );
  doc.moveDown(1.2);

  // Facts in two columns.
  const gutter = 24;
  const column = (width - gutter) / 2;
  const facts: [string, string][] = [
    ['Licensee', input.licensee],
    ['Plan', input.planTitle],
    ['Valid from', formatCertificateDate(input.validFrom)],
    ['Valid until', input.validUntil ? formatCertificateDate(input.validUntil) : 'Open-ended'],
    ['Licence code', input.code],
    ['Issued', formatCertificateDate(input.issuedAt)],
  ];
  for (let i = 0; i < facts.length; i += 2) {
    const row = facts.slice(i, i + 2);
    const heights = row.map(([, value]) => doc.font('bold').fontSize(13).heightOfString(value, { width: column }));
    const height = 14 + Math.max(...heights);
    ensureSpace(height + 14);
    const top = doc.y;
    row.forEach(([label, value], j) => {
      const x = left + j * (column + gutter);
      doc.font('regular').fontSize(8.5).fillColor(SUBTLE).text(label.toUpperCase(), x, top, { width: column });
      doc
        .font('bold')
        .fontSize(13)
        .fillColor(INK)
        .text(value, x, top + 13, { width: column });
    });
    doc.x = left;
    doc.y = top + height + 14;
  }

  const heading = (text: string) => {
    ensureSpace(48);
    doc.moveDown(0.4);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#e2e2ea')
      .stroke();
    doc.moveDown(0.7);
    doc.font('bold').fontSize(12).fillColor(INK).text(text, left, doc.y, { width });
    doc.moveDown(0.35);
  };

  heading('Channels covered');
  if (input.channels.length === 0) {
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text('No channels registered yet. Add them in your Cuewave dashboard, then download a new certificate.', {
        width,
      });
  }
  const labelWidth = 92;
  for (const channel of input.channels) {
    const urlHeight = doc
      .font('regular')
      .fontSize(10)
      .heightOfString(channel.url, { width: width - labelWidth });
    ensureSpace(urlHeight + 4);
    const top = doc.y;
    doc.font('bold').fontSize(10).fillColor(INK).text(CHANNEL_LABELS[channel.type], left, top, { width: labelWidth });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(channel.url, left + labelWidth, top, { width: width - labelWidth });
    doc.x = left;
    doc.y = top + urlHeight + 4;
  }
  doc.moveDown(0.6);

  heading('What this licence allows');
  for (const term of input.terms) {
    ensureSpace(28);
    // A hanging indent: wrapped lines start under the text, not under the bullet.
    const top = doc.y;
    doc.font('regular').fontSize(10).fillColor(INK).text('•', left, top, { width: 12, lineBreak: false });
    doc.text(term, left + 12, top, { width: width - 12 });
    doc.x = left;
    doc.moveDown(0.25);
  }
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`${LICENCE_PERPETUAL_TERM} Full terms: ${input.termsUrl}`, { width });
  doc.moveDown(1.2);

  // Verification panel with the QR code.
  const panelHeight = 128;
  ensureSpace(panelHeight);
  const panelTop = doc.y;
  doc.roundedRect(left, panelTop, width, panelHeight, 10).fillAndStroke(PANEL, PANEL_LINE);
  const qrSize = 104;
  doc.image(qr, left + 12, panelTop + 12, { width: qrSize, height: qrSize });
  const textX = left + 12 + qrSize + 18;
  const textWidth = width - (textX - left) - 14;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text('Verify this certificate', textX, panelTop + 16, { width: textWidth });
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      'Scan the code or open the address below to check that this certificate is genuine and whether it is valid ' +
        'today (renewals of the same plan extend it).',
      textX,
      doc.y + 4,
      { width: textWidth },
    );
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(ACCENT)
    .text(input.verifyUrl, textX, doc.y + 6, { width: textWidth, link: input.verifyUrl, underline: false });

  // Footer, inside the bottom margin: no automatic page break.
  const footerY = doc.page.height - 32;
  doc.page.margins.bottom = 0;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(SUBTLE)
    .text(`Cuewave licence ${input.code} · issued ${formatCertificateDate(input.issuedAt)}`, left, footerY, {
      width,
      align: 'center',
      lineBreak: false,
    });

  doc.end();
  return done;
}
