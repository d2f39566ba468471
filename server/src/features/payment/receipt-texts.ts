import type { Language } from '@cuewave/contract/languages';

/** A VAT invoice for a buyer with a valid tax number, a receipt for everyone else (charge.service.ts). */
export type DocumentKind = 'receipt' | 'invoice';

/**
 * The words of receipts and VAT invoices in each language the store speaks (decision 076); the PDF is
 * written in the account's language. Polish follows the terms of Polish invoices (Sprzedawca, Nabywca,
 * Data sprzedaży, Podsumowanie VAT, "np." for a sale outside Polish VAT). One type for both, so a
 * missing Polish text is a type error.
 */
export type ReceiptTexts = {
  kinds: Record<
    DocumentKind,
    { title: string; inline: string; numberLabel: string; dateLabel: string; buyerLabel: string; when: string }
  >;
  seller: (invoice: boolean) => string;
  dateOfSupply: string;
  paidWith: string;
  noCharge: string;
  card: string;
  currency: string;
  description: string;
  netAmount: string;
  quantityOne: string;
  netAfterDiscount: string;
  vatSummary: string;
  vatHeads: [string, string, string, string];
  total: string;
  net: string;
  totalPaid: string;
  closing: (invoice: boolean, nothingToPay: boolean) => string;
  subject: (title: string, buyer: string) => string;
  // Lines that receipt.service builds from the frozen payment and buyer.
  cardEnding: (brand: string, last4: string) => string;
  vatNumber: string;
  taxNumber: string;
  coupon: (code: string, percent: number | null) => string;
  upgradeCredit: string;
  tax: {
    reverseChargeLabel: string;
    salesTax: string;
    tax: string;
    buyerNumber: (eu: boolean, number: string | null) => string;
    notSubject: string;
    euReverseCharge: string;
    nonEuReverseCharge: (country: string) => string;
    consumerVat: (localName: string, vatName: string, country: string) => string;
    outsideEu: (country: string) => string;
  };
  /** A stored item description ("Professional, yearly: renewal") in this language; null when not recognised. */
  itemDescription: (stored: string) => string | null;
};

/** The note Polish law (art. 106e VAT Act) and the EU VAT Directive want on a reverse-charged invoice. */
export const EU_REVERSE_CHARGE_NOTE =
  'Reverse charge — VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC). Odwrotne obciążenie.';

const en: ReceiptTexts = {
  kinds: {
    receipt: {
      title: 'Receipt',
      inline: 'receipt',
      numberLabel: 'Receipt number',
      dateLabel: 'Date paid',
      buyerLabel: 'Billed to',
      when: 'paid',
    },
    invoice: {
      title: 'VAT invoice',
      inline: 'VAT invoice',
      numberLabel: 'Invoice number',
      dateLabel: 'Date of issue',
      buyerLabel: 'Buyer',
      when: 'issued',
    },
  },
  seller: (invoice) => (invoice ? 'Seller' : 'From'),
  dateOfSupply: 'Date of supply',
  paidWith: 'Paid with',
  noCharge: 'No charge',
  card: 'Card',
  currency: 'Currency',
  description: 'Description',
  netAmount: 'Net amount',
  quantityOne: 'quantity 1',
  netAfterDiscount: 'Net after discount',
  vatSummary: 'VAT summary',
  vatHeads: ['VAT rate', 'Net', 'VAT', 'Gross'],
  total: 'Total',
  net: 'Net',
  totalPaid: 'Total paid',
  closing: (invoice, nothingToPay) =>
    invoice
      ? `${nothingToPay ? 'Nothing to pay.' : 'Paid in full.'} Thank you for licensing music with Cuewave.`
      : 'Thank you for licensing music with Cuewave. Keep this receipt for your records.',
  subject: (title, buyer) => `${title} for ${buyer}`,
  cardEnding: (brand, last4) => `${brand} ending in ${last4}`,
  vatNumber: 'VAT number',
  taxNumber: 'Tax number',
  coupon: (code, percent) => `Discount: coupon ${code}${percent ? `, ${percent}% off` : ''}`.trim(),
  upgradeCredit: 'Credit for the unused time of your previous plan',
  tax: {
    reverseChargeLabel: 'reverse charge',
    salesTax: 'Sales tax',
    tax: 'Tax',
    buyerNumber: (eu, number) => `Buyer's ${eu ? 'VAT' : 'tax'} number: ${number ?? 'not given'}.`,
    notSubject: 'np.: not subject to Polish VAT, the place of supply is the buyer’s country.',
    euReverseCharge: EU_REVERSE_CHARGE_NOTE,
    nonEuReverseCharge: (country) =>
      `Reverse charge — VAT to be accounted for by the recipient (place of supply: ${country}, ` +
      `outside the EU; Art. 44 Directive 2006/112/EC). Odwrotne obciążenie.`,
    consumerVat: (localName, _vatName, country) =>
      `${localName} charged: an electronically supplied service to a consumer is taxed where the consumer lives (${country}).`,
    outsideEu: (country) =>
      `No EU VAT charged: an electronically supplied service to a customer outside the EU (${country}).`,
  },
  itemDescription: () => null,
};

const POLISH_PERIODS: Record<string, string> = { monthly: 'płatność miesięczna', yearly: 'płatność roczna' };

const pl: ReceiptTexts = {
  kinds: {
    receipt: {
      title: 'Potwierdzenie płatności',
      inline: 'potwierdzenie płatności',
      numberLabel: 'Numer dokumentu',
      dateLabel: 'Data płatności',
      buyerLabel: 'Klient',
      when: 'zapłacono',
    },
    invoice: {
      title: 'Faktura VAT',
      inline: 'faktura VAT',
      numberLabel: 'Numer faktury',
      dateLabel: 'Data wystawienia',
      buyerLabel: 'Nabywca',
      when: 'wystawiono',
    },
  },
  seller: () => 'Sprzedawca',
  dateOfSupply: 'Data sprzedaży',
  paidWith: 'Metoda płatności',
  noCharge: 'Bez opłaty',
  card: 'Karta',
  currency: 'Waluta',
  description: 'Opis',
  netAmount: 'Kwota netto',
  quantityOne: 'ilość 1',
  netAfterDiscount: 'Netto po rabacie',
  vatSummary: 'Podsumowanie VAT',
  vatHeads: ['Stawka VAT', 'Netto', 'VAT', 'Brutto'],
  total: 'Razem',
  net: 'Netto',
  totalPaid: 'Zapłacono łącznie',
  closing: (invoice, nothingToPay) =>
    invoice
      ? `${nothingToPay ? 'Brak kwoty do zapłaty.' : 'Zapłacono w całości.'} Dziękujemy za licencjonowanie muzyki w Cuewave.`
      : 'Dziękujemy za licencjonowanie muzyki w Cuewave. Zachowaj ten dokument w swojej dokumentacji.',
  subject: (title, buyer) => `${title}: ${buyer}`,
  cardEnding: (brand, last4) => `${brand} z końcówką ${last4}`,
  vatNumber: 'Numer VAT',
  taxNumber: 'Numer podatkowy',
  coupon: (code, percent) => `Rabat: kupon ${code}${percent ? `, ${percent}% zniżki` : ''}`.trim(),
  upgradeCredit: 'Odliczenie za niewykorzystany okres poprzedniego planu',
  tax: {
    reverseChargeLabel: 'odwrotne obciążenie',
    salesTax: 'Podatek od sprzedaży',
    tax: 'Podatek',
    buyerNumber: (eu, number) => `${eu ? 'Numer VAT' : 'Numer podatkowy'} nabywcy: ${number ?? 'nie podano'}.`,
    notSubject: 'np.: niepodlegające opodatkowaniu VAT w Polsce, miejscem świadczenia jest kraj nabywcy.',
    euReverseCharge: 'Odwrotne obciążenie — VAT rozlicza nabywca (art. 196 dyrektywy 2006/112/WE).',
    nonEuReverseCharge: (country) =>
      `Odwrotne obciążenie — VAT rozlicza nabywca (miejsce świadczenia: ${country}, poza UE; ` +
      'art. 44 dyrektywy 2006/112/WE).',
    consumerVat: (_localName, vatName, country) =>
      `Naliczono ${vatName} kraju konsumenta: usługa świadczona drogą elektroniczną na rzecz konsumenta jest ` +
      `opodatkowana w kraju jego zamieszkania (${country}).`,
    outsideEu: (country) =>
      `Nie naliczono VAT UE: usługa świadczona drogą elektroniczną na rzecz klienta spoza UE (${country}).`,
  },
  // The forms subscription-actions.ts and renewal-charge.ts store: "Professional, yearly",
  // "Professional, yearly: renewal", "Upgrade to Professional, yearly". Plan titles are product names.
  itemDescription: (stored) => {
    const match = /^(Upgrade to )?(.+), (monthly|yearly)(: renewal)?$/.exec(stored);
    if (!match) return null;
    const [, upgrade, plan, period, renewal] = match;
    const base = `${plan}, ${POLISH_PERIODS[period!]}`;
    if (upgrade) return `Zmiana planu na ${base}`;
    return renewal ? `${base}: odnowienie` : base;
  },
};

export const RECEIPT_TEXTS: Record<Language, ReceiptTexts> = { en, pl };
