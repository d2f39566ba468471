import { formatMoney, type Currency } from '@cuewave/contract/pricing';
import { drawBrandHeader, formatPdfDate, openA4Pdf, PDF_COLORS } from '../../lib/pdf';

export type ReceiptPdfInput = {
  receiptNumber: string;
  paidAt: Date;
  seller: { name: string; lines: string[] };
  buyer: { name: string; lines: string[] };
  /** Net amounts in minor units of `currency`. */
  items: Array<{ description: string; net: number }>;
  currency: Currency;
  net: number;
  tax: number;
  total: number;
  taxLine: { label: string; note: string | null };
  /** "Visa ending in 4242"; null when no card was charged or the card is gone. */
  paymentMethod: string | null;
  /** The document's creation date (the clock's now). */
  now: Date;
};

/**
 * A receipt (A4) in the licence certificate's look: seller and buyer, number and date, the items with
 * their net amounts, the tax line, the total paid and the card. Rendered on the request path: one
 * page, a few tens of milliseconds.
 */
export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, input.currency);
  const { doc, done, left, width } = openA4Pdf({
    Title: `Cuewave receipt ${input.receiptNumber}`,
    Author: input.seller.name,
    Subject: `Receipt for ${input.buyer.name}`,
    Keywords: `receipt, ${input.receiptNumber}`,
    CreationDate: input.now,
  });

  drawBrandHeader(doc, 'Receipt');
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(PDF_COLORS.muted)
    .text(`${input.receiptNumber} · paid ${formatPdfDate(input.paidAt)}`, { width });
  doc.moveDown(1.4);

  // Seller and buyer side by side.
  const gutter = 24;
  const column = (width - gutter) / 2;
  const party = (label: string, p: { name: string; lines: string[] }, x: number, top: number) => {
    doc.font('regular').fontSize(8.5).fillColor(PDF_COLORS.subtle).text(label.toUpperCase(), x, top, { width: column });
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(PDF_COLORS.ink)
      .text(p.name, x, top + 13, { width: column });
    doc.font('regular').fontSize(10).fillColor(PDF_COLORS.ink);
    for (const line of p.lines) doc.text(line, x, doc.y + 1, { width: column });
    return doc.y;
  };
  const partiesTop = doc.y;
  const sellerEnd = party('From', input.seller, left, partiesTop);
  const buyerEnd = party('Billed to', input.buyer, left + column + gutter, partiesTop);
  doc.x = left;
  doc.y = Math.max(sellerEnd, buyerEnd) + 20;

  // Facts in one row.
  const facts: [string, string][] = [
    ['Receipt number', input.receiptNumber],
    ['Date paid', formatPdfDate(input.paidAt)],
    ['Paid with', input.paymentMethod ?? (input.total === 0 ? 'No charge' : 'Card')],
    ['Currency', input.currency.toUpperCase()],
  ];
  const factWidth = width / facts.length;
  const factsTop = doc.y;
  let factsEnd = factsTop;
  facts.forEach(([label, value], i) => {
    const x = left + i * factWidth;
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(PDF_COLORS.subtle)
      .text(label.toUpperCase(), x, factsTop, { width: factWidth - 8 });
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(PDF_COLORS.ink)
      .text(value, x, factsTop + 13, { width: factWidth - 8 });
    factsEnd = Math.max(factsEnd, doc.y);
  });
  doc.x = left;
  doc.y = factsEnd + 24;

  // Items: description and net amount.
  const amountWidth = 120;
  const descWidth = width - amountWidth;
  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(PDF_COLORS.rule)
      .stroke();
  const headTop = doc.y;
  doc.font('bold').fontSize(9).fillColor(PDF_COLORS.muted).text('DESCRIPTION', left, headTop, { width: descWidth });
  doc.text('NET AMOUNT', left + descWidth, headTop, { width: amountWidth, align: 'right' });
  rule(doc.y + 4);
  doc.y += 10;
  for (const item of input.items) {
    const top = doc.y;
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor(PDF_COLORS.ink)
      .text(item.description, left, top, { width: descWidth - 12 });
    const end = doc.y;
    doc.text(money(item.net), left + descWidth, top, { width: amountWidth, align: 'right' });
    doc.y = Math.max(end, doc.y) + 6;
  }
  rule(doc.y);
  doc.y += 10;

  // Totals, right-aligned.
  const labelX = left + width - amountWidth - 200;
  const totalRow = (label: string, value: string, strong = false) => {
    const top = doc.y;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 12 : 10.5)
      .fillColor(PDF_COLORS.ink)
      .text(label, labelX, top, { width: 200 });
    doc.text(value, left + descWidth, top, { width: amountWidth, align: 'right' });
    doc.y = top + (strong ? 20 : 17);
  };
  totalRow('Net', money(input.net));
  totalRow(input.taxLine.label, money(input.tax));
  const totalTop = doc.y + 8;
  // The panel reaches 10 pt past the amounts on both sides, into the page margin.
  doc.rect(labelX - 10, totalTop - 7, left + width - labelX + 20, 30).fill(PDF_COLORS.panel);
  doc.y = totalTop;
  totalRow('Total paid', money(input.total), true);
  doc.x = left;
  doc.y += 14;

  if (input.taxLine.note) {
    doc.font('regular').fontSize(9.5).fillColor(PDF_COLORS.muted).text(input.taxLine.note, left, doc.y, { width });
    doc.moveDown(0.8);
  }
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(PDF_COLORS.muted)
    .text('Thank you for licensing music with Cuewave. Keep this receipt for your records.', left, doc.y, { width });

  // Footer, inside the bottom margin: no automatic page break.
  const footerY = doc.page.height - 32;
  doc.page.margins.bottom = 0;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(PDF_COLORS.subtle)
    .text(`${input.seller.name} · receipt ${input.receiptNumber}`, left, footerY, {
      width,
      align: 'center',
      lineBreak: false,
    });

  doc.end();
  return done;
}
