import { describe, expect, it } from 'vitest';
import { ALL_DENIED, ALL_GRANTED, consentCookies, consentSignals, cookieValueFor, parseConsent } from './consent';
import { consentBootstrapScript } from './data-layer';

describe('consent mode signals (spec §3, §4)', () => {
  it('denies everything but security storage until the visitor chooses', () => {
    expect(consentSignals(null)).toEqual({
      analytics_storage: 'denied',
      ad_personalization: 'denied',
      ad_user_data: 'denied',
      ad_storage: 'denied',
      functionality_storage: 'denied',
      security_storage: 'granted',
    });
    expect(consentSignals(ALL_DENIED)).toEqual(consentSignals(null));
  });

  it('maps advertising to the three ad signals, analytics and functionality to one each', () => {
    expect(consentSignals({ advertising: true, analytics: false, functionality: false })).toEqual({
      analytics_storage: 'denied',
      ad_personalization: 'granted',
      ad_user_data: 'granted',
      ad_storage: 'granted',
      functionality_storage: 'denied',
      security_storage: 'granted',
    });
    expect(consentSignals({ advertising: false, analytics: true, functionality: true })).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      functionality_storage: 'granted',
    });
    expect(Object.values(consentSignals(ALL_GRANTED)).every((v) => v === 'granted')).toBe(true);
  });

  it("writes 'granted' only when all three optional categories are ticked", () => {
    expect(cookieValueFor(ALL_GRANTED)).toBe('granted');
    expect(cookieValueFor({ advertising: true, analytics: true, functionality: false })).toBe('denied');
    expect(cookieValueFor(ALL_DENIED)).toBe('denied');
  });
});

describe('the consent cookies', () => {
  it('last 365 days on path / with SameSite=Lax, Secure over https', () => {
    const [accepted, categories] = consentCookies({ advertising: false, analytics: true, functionality: true }, true);
    expect(accepted).toBe('cookie-accepted=denied; Path=/; SameSite=Lax; Max-Age=31536000; Secure');
    expect(categories).toBe(
      'cookie-consent-categories=analytics%2Cfunctionality; Path=/; SameSite=Lax; Max-Age=31536000; Secure',
    );
    expect(consentCookies(ALL_DENIED, false)[1]).toMatch(/^cookie-consent-categories=none; /);
  });

  it('read back as the choice that wrote them', () => {
    for (const choice of [ALL_GRANTED, ALL_DENIED, { advertising: true, analytics: false, functionality: true }]) {
      const header = consentCookies(choice, false)
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
      expect(parseConsent(header)).toEqual(choice);
    }
  });

  it('treat no cookie, or an unknown value, as no choice (the card shows again)', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('other=1')).toBeNull();
    expect(parseConsent('cookie-accepted=yes')).toBeNull();
    expect(parseConsent('cookie-accepted=GRANTED')).toBeNull();
    expect(parseConsent('cookie-accepted=')).toBeNull();
    expect(parseConsent('cookie-accepted=%E0%A4%A')).toBeNull();
    expect(parseConsent('cookie-accepted=<script>')).toBeNull();
  });

  it('read a refusal with missing or garbled categories as nothing ticked', () => {
    expect(parseConsent('cookie-accepted=denied')).toEqual(ALL_DENIED);
    expect(parseConsent('cookie-accepted=denied; cookie-consent-categories=analytics,tracking')).toEqual(ALL_DENIED);
    expect(parseConsent('cookie-accepted=denied; cookie-consent-categories=analytics')).toEqual({
      ...ALL_DENIED,
      analytics: true,
    });
    // 'granted' is all three, whatever the second cookie says.
    expect(parseConsent('cookie-accepted=granted; cookie-consent-categories=none')).toEqual(ALL_GRANTED);
  });
});

describe('the bootstrap script', () => {
  const run = (script: string) => {
    const win = { dataLayer: undefined as unknown[] | undefined };
    new Function('window', 'document', script)(win, undefined);
    return (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
  };

  it('sends the default, then a stored choice as an update, as gtag arguments', () => {
    expect(run(consentBootstrapScript(null, null))).toEqual([['consent', 'default', consentSignals(null)]]);
    const choice = { advertising: false, analytics: true, functionality: false };
    expect(run(consentBootstrapScript(choice, null))).toEqual([
      ['consent', 'default', consentSignals(null)],
      ['consent', 'update', consentSignals(choice)],
    ]);
  });

  it('loads the tag manager only when a container is configured', () => {
    expect(consentBootstrapScript(null, null)).not.toContain('googletagmanager');
    const script = consentBootstrapScript(null, 'GTM-ABC1234');
    expect(script).toContain('https://www.googletagmanager.com/gtm.js?id=\'+encodeURIComponent("GTM-ABC1234")');
    // Whatever the id holds, it cannot end the inline script.
    expect(consentBootstrapScript(null, 'GTM-</script><script>')).not.toContain('</script>');
  });
});
