import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits records on LF and CRLF and fields on commas', () => {
    expect(parseCsv('a,b,c\n1,2,3\r\n4,5,6')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('title,artist\n"Rock, Paper","She said ""hi"""\n"two\nlines",x\n')).toEqual([
      ['title', 'artist'],
      ['Rock, Paper', 'She said "hi"'],
      ['two\nlines', 'x'],
    ]);
  });

  it('drops a byte-order mark and blank lines', () => {
    expect(parseCsv('\ufeffa,b\n\n1,2\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps an empty quoted field as an empty string', () => {
    expect(parseCsv('"",b')).toEqual([['', 'b']]);
  });

  it('rejects an unclosed quote, a stray quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(/line 2: a quoted field is not closed/);
    expect(() => parseCsv('a,b\nx"y,1')).toThrow(/line 2: a quote inside an unquoted field/);
    expect(() => parseCsv('"a"b,c')).toThrow(/text after a closing quote/);
  });
});
