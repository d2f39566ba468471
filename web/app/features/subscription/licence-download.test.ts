import { describe, expect, it } from 'vitest';
import { licenceCodeFromDisposition } from './licence-download';

describe('licence file name', () => {
  it('reads the certificate code from the download header', () => {
    expect(licenceCodeFromDisposition('attachment; filename="cuewave-licence-CW-ABCD-EF23.pdf"')).toBe('CW-ABCD-EF23');
  });

  it('ignores headers without a valid code', () => {
    expect(licenceCodeFromDisposition(null)).toBeNull();
    expect(licenceCodeFromDisposition('attachment; filename="licence.pdf"')).toBeNull();
    expect(licenceCodeFromDisposition('attachment; filename="cuewave-licence-CW-0000-1111.pdf"')).toBeNull();
  });
});
