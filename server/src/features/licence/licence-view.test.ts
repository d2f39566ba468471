import { describe, expect, it } from 'vitest';
import { LICENCE_CODE_ALPHABET, LICENCE_CODE_PATTERN, LICENCE_TERMS } from '@cuewave/contract/licence';
import { licenceStanding, looksLikeEmail, maskEmail, newLicenceCode } from './licence-view';
import { renderLicencePdf } from './licence-pdf';
import { LICENCE_TEXTS } from './licence-texts';
import { pdfText } from './pdf-text';

const DAY = 86_400_000;
const t0 = new Date('2030-03-01T00:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);

describe('licence codes', () => {
  it('look like CW-XXXX-XXXX from the unambiguous alphabet, and do not repeat', () => {
    const codes = Array.from({ length: 2000 }, newLicenceCode);
    for (const code of codes) expect(code).toMatch(LICENCE_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('use every symbol about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i += 1) {
      for (const ch of newLicenceCode().replace(/^CW-|-/g, '')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe([...LICENCE_CODE_ALPHABET].sort().join(''));
    // 32000 symbols over 32: 1000 each; a 25 % band is many standard deviations wide.
    for (const n of counts.values()) expect(n).toBeGreaterThan(750);
    for (const n of counts.values()) expect(n).toBeLessThan(1250);
  });
});

describe('masking the licensee', () => {
  it.each([
    ['jan.kowalski@example.com', 'j***@example.com'],
    ['a@b.pl', 'a***@b.pl'],
  ])('%s -> %s', (email, masked) => {
    expect(looksLikeEmail(email)).toBe(true);
    expect(maskEmail(email)).toBe(masked);
  });

  it('names are not emails', () => {
    expect(looksLikeEmail('Zażółć Gęślą')).toBe(false);
    expect(looksLikeEmail('Studio @ Home Ltd')).toBe(false);
  });
});

describe('licenceStanding', () => {
  const licence = { plan: 'start', valid_until: at(30), superseded_at: null };
  const sub = { plan: 'start' as const, status: 'active' as const, next_pay_at: at(30), ended_at: null };

  it('valid before its end, expired from its end on', () => {
    expect(licenceStanding(licence, sub, at(29))).toEqual({ status: 'valid', validUntil: at(30) });
    expect(licenceStanding(licence, sub, at(30))).toEqual({ status: 'expired', validUntil: at(30) });
  });

  it('follows a renewal of the same plan', () => {
    expect(licenceStanding(licence, { ...sub, next_pay_at: at(60) }, at(45))).toEqual({
      status: 'valid',
      validUntil: at(60),
    });
  });

  it('does not follow the subscription onto another plan', () => {
    expect(licenceStanding(licence, { ...sub, plan: 'advanced', next_pay_at: at(60) }, at(45)).status).toBe('expired');
  });

  it('an ended subscription ends it, at the earlier end', () => {
    expect(licenceStanding(licence, { ...sub, status: 'ended', ended_at: at(10) }, at(5))).toEqual({
      status: 'expired',
      validUntil: at(10),
    });
    expect(licenceStanding(licence, { ...sub, status: 'ended', ended_at: null }, at(5)).status).toBe('expired');
  });

  it('superseded wins over everything', () => {
    expect(licenceStanding({ ...licence, superseded_at: at(3) }, sub, at(5)).status).toBe('superseded');
  });

  it('an open-ended licence (no end date) is valid while the subscription runs', () => {
    const open = { plan: 'enterprise', valid_until: null, superseded_at: null };
    const enterprise = { plan: 'enterprise' as const, status: 'active' as const, next_pay_at: null, ended_at: null };
    expect(licenceStanding(open, enterprise, at(5000))).toEqual({ status: 'valid', validUntil: null });
  });
});

describe('renderLicencePdf', () => {
  const base = {
    language: 'en' as const,
    code: 'CW-7K3F-9QXD',
    planTitle: 'Professional',
    terms: LICENCE_TERMS.professional,
    validFrom: at(0),
    validUntil: at(365),
    channels: [],
    issuedAt: at(1),
    verifyUrl: 'https://cuewave.example/licenses/verify/CW-7K3F-9QXD',
    termsUrl: 'https://cuewave.example/terms-conditions',
    now: at(1),
  };

  it('keeps every letter searchable from one document to the next (the parsed font is shared)', async () => {
    // 'ż' embeds 'z' as a component; the next document's standalone 'z' must still map to its letter.
    for (const licensee of ['Zażółć Gęślą', 'Jaźń Sp. z o.o.', 'ZAŻÓŁĆ zażółć']) {
      const [page] = await pdfText(await renderLicencePdf({ ...base, licensee }));
      expect(page).toContain(`LICENSEE ${licensee} PLAN`);
    }
  });

  it('fits fifteen long channel addresses, printing every one', async () => {
    const channels = Array.from({ length: 15 }, (_, i) => ({
      type: 'website' as const,
      url: `https://site-${i}.example.com/${'very-long-path-segment/'.repeat(8)}end-${i}`,
    }));
    const pages = await pdfText(await renderLicencePdf({ ...base, licensee: 'Enterprise Ltd', channels }));
    const text = pages.join(' ').replace(/\s/g, '');
    for (const c of channels) expect(text).toContain(c.url);
    expect(text).toContain('VerifythiscertificateScan');
  });

  it('writes a Polish account’s certificate in Polish, dates in pl-PL, with every Polish letter extractable', async () => {
    const pages = await pdfText(
      await renderLicencePdf({
        ...base,
        language: 'pl',
        // Every Polish letter, small and capital.
        licensee: 'Zażółć gęślą jaźń ZAŻÓŁĆ GĘŚLĄ JAŹŃ',
        planTitle: 'Professional',
        terms: LICENCE_TEXTS.pl.terms.professional,
        channels: [{ type: 'website', url: 'https://example.pl' }],
        track: { title: 'Świt nad Wisłą', artist: 'Żaneta Ćwik', downloadedAt: at(1), files: ['Pełny miks MP3'] },
      }),
    );
    const text = pages.join(' ');
    expect(text).toContain('Certyfikat licencji na utwór');
    expect(text).toContain('LICENCJOBIORCA Zażółć gęślą jaźń ZAŻÓŁĆ GĘŚLĄ JAŹŃ');
    expect(text).toContain('Świt nad Wisłą');
    expect(text).toContain('Objęte kanały');
    expect(text).toContain('Strona internetowa');
    expect(text).toContain('Na co pozwala ta licencja');
    expect(text).toContain('Zlecenia dla klientów, płatne reklamy');
    expect(text).toContain('Sprawdź ten certyfikat');
    // 1 March 2030 + 365 days, in Polish with the month spelled out.
    expect(text).toContain('WAŻNA DO 1 marca 2031');
    expect(text).toContain('WAŻNA OD 1 marca 2030');
    expect(text).not.toMatch(/Licensee|Valid until|Channels covered|What this licence allows/);
  });
});
