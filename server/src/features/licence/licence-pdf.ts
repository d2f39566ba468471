import QRCode from 'qrcode';
import type { ChannelRef } from '@cuewave/contract/licence';
import type { Language } from '@cuewave/contract/languages';
import { localeFormat } from '../../lib/locale-format';
import { drawBrandHeader, openA4Pdf, PDF_COLORS } from '../../lib/pdf';
import { LICENCE_TEXTS } from './licence-texts';

export type LicencePdfInput = {
  /** The account's language: every word, date and label of the certificate is in it (decision 076). */
  language: Language;
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
  /** A per-track certificate (decision 055): the downloaded track it names. */
  track?: { title: string; artist: string; downloadedAt: Date; files: string[] };
};

/**
 * The licence certificate (A4): who holds it, the plan and what it allows, the period, the channels,
 * the code, and a verification address with its QR code. Rendered on the request path: it takes a
 * few tens of milliseconds (the fonts are subset to the glyphs used).
 */
export async function renderLicencePdf(input: LicencePdfInput): Promise<Buffer> {
  const t = LICENCE_TEXTS[input.language];
  const date = localeFormat(input.language).date;
  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });

  const { doc, done, left, width } = openA4Pdf(
    {
      Title: t.docTitle(input.code, input.track?.title),
      Author: 'Cuewave',
      Subject: t.subject(input.licensee),
      Keywords: `licence, ${input.code}`,
      CreationDate: input.now,
    },
    input.language,
  );
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  drawBrandHeader(doc, t.title(Boolean(input.track)), input.language);
  doc.moveDown(0.3);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(PDF_COLORS.muted)
    .text(t.intro(Boolean(input.track)), { width });
  doc.moveDown(1.2);

  // Facts in two columns.
  const gutter = 24;
  const column = (width - gutter) / 2;
  const facts: [string, string][] = [
    ...(input.track
      ? ([
          [t.facts.track, input.track.title],
          [t.facts.artist, input.track.artist],
          [t.facts.downloaded, date(input.track.downloadedAt)],
          [t.facts.files, input.track.files.join(', ')],
        ] as [string, string][])
      : []),
    [t.facts.licensee, input.licensee],
    [t.facts.plan, input.planTitle],
    [t.facts.validFrom, date(input.validFrom)],
    [t.facts.validUntil, input.validUntil ? date(input.validUntil) : t.facts.openEnded],
    [t.facts.code(Boolean(input.track)), input.code],
    [t.facts.issued, date(input.issuedAt)],
  ];
  for (let i = 0; i < facts.length; i += 2) {
    const row = facts.slice(i, i + 2);
    const heights = row.map(([, value]) => doc.font('bold').fontSize(13).heightOfString(value, { width: column }));
    const height = 14 + Math.max(...heights);
    ensureSpace(height + 14);
    const top = doc.y;
    row.forEach(([label, value], j) => {
      const x = left + j * (column + gutter);
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(PDF_COLORS.subtle)
        .text(label.toLocaleUpperCase(input.language), x, top, { width: column });
      doc
        .font('bold')
        .fontSize(13)
        .fillColor(PDF_COLORS.ink)
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
    doc.font('bold').fontSize(12).fillColor(PDF_COLORS.ink).text(text, left, doc.y, { width });
    doc.moveDown(0.35);
  };

  heading(t.channelsHeading);
  if (input.channels.length === 0) {
    doc.font('regular').fontSize(10).fillColor(PDF_COLORS.muted).text(t.noChannels, { width });
  }
  const labelWidth = 92;
  for (const channel of input.channels) {
    const urlHeight = doc
      .font('regular')
      .fontSize(10)
      .heightOfString(channel.url, { width: width - labelWidth });
    ensureSpace(urlHeight + 4);
    const top = doc.y;
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(PDF_COLORS.ink)
      .text(t.channels[channel.type], left, top, { width: labelWidth });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(PDF_COLORS.ink)
      .text(channel.url, left + labelWidth, top, { width: width - labelWidth });
    doc.x = left;
    doc.y = top + urlHeight + 4;
  }
  doc.moveDown(0.6);

  heading(t.termsHeading);
  for (const term of input.terms) {
    ensureSpace(28);
    // A hanging indent: wrapped lines start under the text, not under the bullet.
    const top = doc.y;
    doc.font('regular').fontSize(10).fillColor(PDF_COLORS.ink).text('•', left, top, { width: 12, lineBreak: false });
    doc.text(term, left + 12, top, { width: width - 12 });
    doc.x = left;
    doc.moveDown(0.25);
  }
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(PDF_COLORS.muted)
    .text(`${t.perpetual} ${t.fullTerms} ${input.termsUrl}`, { width });
  doc.moveDown(1.2);

  // Verification panel with the QR code.
  const panelHeight = 128;
  ensureSpace(panelHeight);
  const panelTop = doc.y;
  doc.roundedRect(left, panelTop, width, panelHeight, 10).fillAndStroke(PDF_COLORS.panel, PDF_COLORS.panelLine);
  const qrSize = 104;
  doc.image(qr, left + 12, panelTop + 12, { width: qrSize, height: qrSize });
  const textX = left + 12 + qrSize + 18;
  const textWidth = width - (textX - left) - 14;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(PDF_COLORS.ink)
    .text(t.verifyHeading, textX, panelTop + 16, { width: textWidth });
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(PDF_COLORS.muted)
    .text(t.verifyText, textX, doc.y + 4, { width: textWidth });
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(PDF_COLORS.accent)
    .text(input.verifyUrl, textX, doc.y + 6, { width: textWidth, link: input.verifyUrl, underline: false });

  // Footer, inside the bottom margin: no automatic page break.
  const footerY = doc.page.height - 32;
  doc.page.margins.bottom = 0;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(PDF_COLORS.subtle)
    .text(t.footer(input.code, date(input.issuedAt)), left, footerY, {
      width,
      align: 'center',
      lineBreak: false,
    });

  doc.end();
  return done;
}
