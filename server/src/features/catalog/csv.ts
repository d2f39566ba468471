/**
 * RFC 4180 CSV: comma-separated fields, fields in double quotes may hold commas, line breaks and
 * doubled quotes (""), records end with CRLF or LF. A leading byte-order mark is dropped.
 */
export class CsvError extends Error {}

export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let line = 1;
  let quoted = false;
  let quoteLine = 0;
  // true once the current field was a quoted one; text after its closing quote is an error
  let afterQuote = false;

  const endField = () => {
    record.push(field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is no record (and a trailing newline leaves nothing behind).
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };

  while (i < src.length) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
        i++;
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === ',') {
      endField();
      i++;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
    } else if (c === '"') {
      if (field !== '' || afterQuote) throw new CsvError(`line ${line}: a quote inside an unquoted field`);
      quoted = true;
      quoteLine = line;
      i++;
    } else {
      if (afterQuote) throw new CsvError(`line ${line}: text after a closing quote`);
      field += c;
      i++;
    }
  }
  if (quoted) throw new CsvError(`line ${quoteLine}: a quoted field is not closed`);
  if (field !== '' || afterQuote || record.length > 0) endRecord();
  return records;
}
