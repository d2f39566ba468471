import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language } from '@cuewave/contract/languages';

/**
 * The Unicode faces every PDF we render uses (licence certificates, receipts): Noto Sans from an npm
 * font package (architecture §9), so Polish and other non-Latin-1 names render and can be copied.
 */

const require = createRequire(import.meta.url);

export type PdfFontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];
type ParsedFont = { layout: unknown; characterSet: number[]; glyphForCodePoint: (codePoint: number) => unknown };

/**
 * pdfkit parses a font file anew for every document (about 60 ms for two Noto Sans faces, most of a
 * certificate's time). It also takes an already parsed fontkit font, so each face is parsed once
 * through a probe document and reused; fontkit fonts are read-only once parsed, and each document
 * keeps its own subset. Should pdfkit's internals change, the buffer is used as before.
 */
function parseOnce(buffer: Buffer): PdfFontSource {
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
    return parsed as unknown as PdfFontSource;
  } catch {
    return buffer;
  }
}

let fonts: { regular: PdfFontSource; bold: PdfFontSource } | null = null;

/** Noto Sans regular and bold, parsed once per process; register them as 'regular' and 'bold'. */
export function loadPdfFonts(): { regular: PdfFontSource; bold: PdfFontSource } {
  fonts ??= {
    regular: parseOnce(
      readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    ),
    bold: parseOnce(readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'))),
  };
  return fonts;
}

/**
 * An A4 page in the margins both documents use, with the Noto faces registered as 'regular' and
 * 'bold' and its output collected (`done` resolves after doc.end()); `left` and `width` are the text
 * column.
 */
export function openA4Pdf(info: PDFKit.DocumentInfo, language: Language) {
  const { regular, bold } = loadPdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 40, left: 56, right: 56 },
    // The document's language, for screen readers and text extraction (decision 076).
    lang: language,
    displayTitle: true,
    info,
  });
  const done = collectPdf(doc);
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  return { doc, done, left, width: doc.page.width - left - doc.page.margins.right };
}

/** Collects a pdfkit document's output; resolves once doc.end() has flushed it. */
export function collectPdf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The palette the licence certificate and the receipt share, so the two documents look like one family. */
export const PDF_COLORS = {
  ink: '#0b0b10',
  muted: '#55556a',
  subtle: '#8b8ba0',
  accent: '#5a3cf0',
  band: '#13131b',
  rule: '#e2e2ea',
  panel: '#f4f2ff',
  panelLine: '#d9d2ff',
} as const;

const TAGLINES: Record<Language, string> = {
  en: 'Music and sound effects for creators',
  pl: 'Muzyka i efekty dźwiękowe dla twórców',
};

/**
 * The top of every Cuewave document: the dark band with the wordmark and tagline, then the document's
 * title at y 124. Needs the fonts registered as 'regular' and 'bold'; leaves the cursor under the title.
 */
export function drawBrandHeader(doc: PDFKit.PDFDocument, title: string, language: Language): void {
  const pageWidth = doc.page.width;
  const left = doc.page.margins.left;
  const width = pageWidth - left - doc.page.margins.right;
  doc.rect(0, 0, pageWidth, 92).fill(PDF_COLORS.band);
  doc.rect(0, 92, pageWidth, 4).fill(PDF_COLORS.accent);
  doc.font('bold').fontSize(26).fillColor('#ffffff').text('Cuewave', left, 30, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#b3a6ff')
    .text(TAGLINES[language], left, 40, { width, align: 'right', lineBreak: false });
  doc.font('bold').fontSize(24).fillColor(PDF_COLORS.ink).text(title, left, 124);
}
