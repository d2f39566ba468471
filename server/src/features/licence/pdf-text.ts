/**
 * Test helper: the text of a PDF, one string per page, read with pdf.js (the legacy build runs in
 * Node). Items are joined with spaces and runs of whitespace collapsed, so assertions can look for
 * phrases without caring how the PDF split them into text runs.
 */
export async function pdfText(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await doc.destroy();
  return pages;
}
