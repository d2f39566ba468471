import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { NO_TELEMETRY, type PageTelemetry } from '../../lib/telemetry';
import { ALL_DENIED, parseConsent } from './consent';
import { closeCookieSettings, openCookieSettings } from './consent-editing';
import { CookieConsent } from './cookie-consent';

const HOTJAR: PageTelemetry = { ...NO_TELEMETRY, hotjarId: '1234567' };
const recorder = () => document.querySelector('script[src^="https://static.hotjar.com/"]');

function clearCookies() {
  for (const name of ['cookie-accepted', 'cookie-consent-categories']) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

beforeEach(() => {
  clearCookies();
  document.head.innerHTML = '';
  delete window.dataLayer;
});
afterEach(() => {
  act(() => closeCookieSettings());
  cleanup();
});

const renderConsent = (telemetry: PageTelemetry, initialChoice = parseConsent(document.cookie)) =>
  render(
    <MemoryRouter>
      <CookieConsent initialChoice={initialChoice} telemetry={telemetry} />
    </MemoryRouter>,
  );

describe('session recording (spec §4)', () => {
  it('starts only after analytics consent, and only when configured', () => {
    renderConsent(HOTJAR);
    expect(recorder()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(recorder()?.getAttribute('src')).toBe('https://static.hotjar.com/c/hotjar-1234567.js?sv=6');
    expect(document.cookie).toContain('cookie-accepted=granted');
  });

  it('stays off after reject all, and with nothing configured even after accept all', () => {
    renderConsent(HOTJAR);
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(recorder()).toBeNull();
    cleanup();
    clearCookies();
    renderConsent(NO_TELEMETRY);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(recorder()).toBeNull();
  });

  it('starts on load for a visitor whose stored choice allows analytics, not for one who refused it', () => {
    renderConsent(HOTJAR, ALL_DENIED);
    expect(screen.queryByRole('region')).toBeNull();
    expect(recorder()).toBeNull();
    cleanup();
    renderConsent(HOTJAR, { ...ALL_DENIED, analytics: true });
    expect(recorder()).not.toBeNull();
  });
});

describe('the settings view', () => {
  it('lets the visitor allow selected categories; essential stays on', () => {
    renderConsent(NO_TELEMETRY, ALL_DENIED);
    act(() => openCookieSettings());
    const essential = screen.getByRole<HTMLInputElement>('checkbox', { name: /essential cookies/ });
    expect(essential.checked).toBe(true);
    expect(essential.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /advertising cookies/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Allow selected' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(parseConsent(document.cookie)).toEqual({ advertising: true, analytics: false, functionality: false });
    const last = Array.from(window.dataLayer!.at(-1) as ArrayLike<unknown>);
    expect(last).toEqual([
      'consent',
      'update',
      expect.objectContaining({ ad_storage: 'granted', analytics_storage: 'denied', security_storage: 'granted' }),
    ]);
  });
});

describe('the card', () => {
  it('shows more with the privacy policy as a link inside the sentence', () => {
    renderConsent(NO_TELEMETRY, null);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const link = screen.getByRole('link', { name: 'privacy policy' });
    expect(link.getAttribute('href')).toBe('/privacy-policy');
    expect(link.closest('p')?.textContent).toMatch(/Read more in our privacy policy\.$/);
  });
});
