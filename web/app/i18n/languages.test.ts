import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromCookie, requestLanguage } from './languages';

describe('the page language', () => {
  it('reads the cookie, and ignores a language the store does not speak', () => {
    expect(languageFromCookie('a=1; lang=pl; b=2')).toBe('pl');
    expect(languageFromCookie('lang=PL')).toBe('pl');
    expect(languageFromCookie('lang=de')).toBeNull();
    expect(languageFromCookie('lang=%3Cscript%3E')).toBeNull();
    expect(languageFromCookie('lang=')).toBeNull();
    expect(languageFromCookie(null)).toBeNull();
  });

  it("takes the browser's best-ranked language the store speaks", () => {
    expect(languageFromAcceptLanguage('pl-PL,pl;q=0.9,en-US;q=0.8')).toBe('pl');
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,pl;q=0.5,en;q=0.4')).toBe('pl');
    expect(languageFromAcceptLanguage('en;q=0.5, pl;q=0.7')).toBe('pl');
    expect(languageFromAcceptLanguage('fr, de')).toBeNull();
    expect(languageFromAcceptLanguage('pl;q=0, en;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage('pl;q=abc')).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
  });

  it('cookie first, then the browser, then English', () => {
    const headers = (init: Record<string, string>) => new Headers(init);
    expect(requestLanguage(headers({ cookie: 'lang=en', 'accept-language': 'pl' }))).toBe('en');
    expect(requestLanguage(headers({ cookie: 'lang=xx', 'accept-language': 'pl' }))).toBe('pl');
    expect(requestLanguage(headers({ 'accept-language': 'ja' }))).toBe('en');
    expect(requestLanguage(headers({}))).toBe('en');
  });
});
