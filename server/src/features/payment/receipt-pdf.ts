import type { Currency } from '@cuewave/contract/pricing';
import type { Language } from '@cuewave/contract/languages';
import { localeFormat } from '../../lib/locale-format';
import { drawBrandHeader, openA4Pdf, PDF_COLORS } from '../../lib/pdf';
import { RECEIPT_TEXTS, type DocumentKind } from './receipt-texts';

export type { DocumentKind };

export type ReceiptPdfInput = {
  /** The account's language: the document's words, dates and amounts are written in it (decision 076). */
  language: Language;
  /** A receipt, or a VAT invoice for a business buyer with a valid tax number (decision 052). */
  kind: DocumentKind;
  /** CW-2026-000042 or FV/2026/11/000001. */
  number: string;
  /** When the payment succeeded: the receipt's date, the invoice's date of issue and of supply. */
  paidAt: Date;
  seller: { name: string; lines: string[] };
  buyer: { name: string; lines: string[] };
  /** Amounts in minor units of `currency`. The item at its list price (net). */
  items: Array<{ description: string; net: number }>;
  /** What came off the list price: the coupon (code and percent in the label) and any upgrade credit. */
  deductions: Array<{ label: string; amount: number }>;
  currency: Currency;
  /** Net after every deduction: the amount taxed. */
  net: number;
  tax: number;
  total: number;
  taxLine: {
    /** "VAT 23%", "Sales tax (Texas) 5%", "VAT 0% (reverse charge)". */
    label: string;
    /** The VAT rate column of an invoice: "23%", or "np." when the sale is outside Polish VAT. */
    rate: string;
    note: string | null;
  };
  /** "Visa ending in 4242"; null when no card was charged or the card is gone. */
  paymentMethod: string | null;
  /** The document's creation date (the clock's now). */
  now: Date;
};

/**
 * A receipt or VAT invoice (A4) in the licence certificate's look: seller and buyer, number and
 * dates, the item at its list price with the coupon and credit taken off, the net; then the tax line
 * and total (receipt) or net / VAT / gross per rate (invoice), the total paid, the card and any
 * reverse-charge note. Rendered on the request path: one page, a few tens of milliseconds.
 */
export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  const t = RECEIPT_TEXTS[input.language];
  const format = localeFormat(input.language);
  const money = (minor: number) => format.money(minor, input.currency);
  const date = format.date;
  const upper = (text: string) => text.toLocaleUpperCase(input.language);
  const words = t.kinds[input.kind];
  const invoice = input.kind === 'invoice';
  const { doc, done, left, width } = openA4Pdf(
    {
      Title: `Cuewave ${words.inline} ${input.number}`,
      Author: input.seller.name,
      Subject: t.subject(words.title, input.buyer.name),
      Keywords: `${input.kind}, ${input.number}`,
      CreationDate: input.now,
    },
    input.language,
  );

  drawBrandHeader(doc, words.title, input.language);
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(PDF_COLORS.muted)
    .text(`${input.number} · ${words.when} ${date(input.paidAt)}`, { width });
  doc.moveDown(1.4);

  // Seller and buyer side by side.
  const gutter = 24;
  const column = (width - gutter) / 2;
  const party = (label: string, p: { name: string; lines: string[] }, x: number, top: number) => {
    doc.font('regular').fontSize(8.5).fillColor(PDF_COLORS.subtle).text(upper(label), x, top, { width: column });
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
  const sellerEnd = party(t.seller(invoice), input.seller, left, partiesTop);
  const buyerEnd = party(words.buyerLabel, input.buyer, left + column + gutter, partiesTop);
  doc.x = left;
  doc.y = Math.max(sellerEnd, buyerEnd) + 20;

  // Facts in one row. An invoice names the date of supply: the service is supplied when it is paid.
  const paidWith = input.paymentMethod ?? (input.total === 0 ? t.noCharge : t.card);
  const facts: [string, string][] = invoice
    ? [
        [words.numberLabel, input.number],
        [words.dateLabel, date(input.paidAt)],
        [t.dateOfSupply, date(input.paidAt)],
        // No currency column: the invoice number needs the width, and every amount names its currency.
        [t.paidWith, paidWith],
      ]
    : [
        [words.numberLabel, input.number],
        [words.dateLabel, date(input.paidAt)],
        [t.paidWith, paidWith],
        [t.currency, input.currency.toUpperCase()],
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
      .text(upper(label), x, factsTop, { width: factWidth - 8 });
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(PDF_COLORS.ink)
      .text(value, x, factsTop + 13, { width: factWidth - 8 });
    factsEnd = Math.max(factsEnd, doc.y);
  });
  doc.x = left;
  doc.y = factsEnd + 24;

  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(PDF_COLORS.rule)
      .stroke();

  // Items at their list price, then what came off it, then the net that is taxed.
  const amountWidth = 120;
  const descWidth = width - amountWidth;
  const headTop = doc.y;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(PDF_COLORS.muted)
    .text(upper(t.description), left, headTop, { width: descWidth });
  doc.text(upper(t.netAmount), left + descWidth, headTop, { width: amountWidth, align: 'right' });
  rule(doc.y + 4);
  doc.y += 10;
  const itemRow = (label: string, amount: string, strong = false) => {
    const top = doc.y;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(10.5)
      .fillColor(PDF_COLORS.ink)
      .text(label, left, top, { width: descWidth - 12 });
    const end = doc.y;
    doc.text(amount, left + descWidth, top, { width: amountWidth, align: 'right' });
    doc.y = Math.max(end, doc.y) + 6;
  };
  for (const item of input.items)
    itemRow(invoice ? `${item.description} · ${t.quantityOne}` : item.description, money(item.net));
  for (const deduction of input.deductions) itemRow(deduction.label, `\u2212${money(deduction.amount)}`);
  if (input.deductions.length > 0) itemRow(t.netAfterDiscount, money(input.net), true);
  rule(doc.y);
  doc.y += 10;

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

  if (invoice) {
    // Net, VAT and gross per rate (one rate: a sale carries one), then the totals row.
    const [rateHead, netHead, vatHead, grossHead] = t.vatHeads.map(upper);
    const cols = [
      { head: rateHead!, w: width * 0.22 },
      { head: netHead!, w: width * 0.26 },
      { head: vatHead!, w: width * 0.26 },
      { head: grossHead!, w: width * 0.26 },
    ];
    const row = (cells: string[], opts: { bold?: boolean; size?: number; color?: string } = {}) => {
      const top = doc.y;
      let x = left;
      doc
        .font(opts.bold ? 'bold' : 'regular')
        .fontSize(opts.size ?? 10.5)
        .fillColor(opts.color ?? PDF_COLORS.ink);
      cells.forEach((cell, i) => {
        doc.text(cell, x, top, { width: cols[i]!.w, align: i === 0 ? 'left' : 'right' });
        x += cols[i]!.w;
      });
      doc.y = top + (opts.size ?? 10.5) + 7;
    };
    doc.font('bold').fontSize(9).fillColor(PDF_COLORS.muted).text(upper(t.vatSummary), left, doc.y, { width });
    doc.moveDown(0.4);
    row(
      cols.map((c) => c.head),
      { bold: true, size: 9, color: PDF_COLORS.muted },
    );
    rule(doc.y - 3);
    doc.y += 3;
    row([input.taxLine.rate, money(input.net), money(input.tax), money(input.total)]);
    rule(doc.y - 3);
    doc.y += 3;
    row([t.total, money(input.net), money(input.tax), money(input.total)], { bold: true });
    doc.y += 8;
  } else {
    // "Net after discount" above already says the net.
    if (input.deductions.length === 0) totalRow(t.net, money(input.net));
    totalRow(input.taxLine.label, money(input.tax));
  }

  const totalTop = doc.y + 8;
  // The panel reaches 10 pt past the amounts on both sides, into the page margin.
  doc.rect(labelX - 10, totalTop - 7, left + width - labelX + 20, 30).fill(PDF_COLORS.panel);
  doc.y = totalTop;
  totalRow(t.totalPaid, money(input.total), true);
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
    .text(t.closing(invoice, input.total === 0), left, doc.y, { width });

  // Footer, inside the bottom margin: no automatic page break.
  const footerY = doc.page.height - 32;
  doc.page.margins.bottom = 0;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(PDF_COLORS.subtle)
    .text(`${input.seller.name} · ${words.inline} ${input.number}`, left, footerY, {
      width,
      align: 'center',
      lineBreak: false,
    });

  doc.end();
  return done;
}
