import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { LicenceVerification } from '@cuewave/contract/licence';
import { loadVerification } from './api';
import { LicenceVerificationView, type VerificationResult } from './licence-verification';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const licence = (over: Partial<LicenceVerification> = {}): LicenceVerification => ({
  code: 'CW-7K3F-9QXD',
  status: 'valid',
  licensee: 'Zażółć Gęślą',
  plan: 'professional',
  planTitle: 'Professional',
  validFrom: '2030-03-01T10:00:00.000Z',
  validUntil: '2031-03-01T10:00:00.000Z',
  channels: [
    { type: 'youtube', url: 'https://www.youtube.com/@zazolc' },
    { type: 'website', url: 'https://studio.example.com' },
  ],
  issuedAt: '2030-03-02T10:00:00.000Z',
  supersededAt: null,
  ...over,
});

function show(result: VerificationResult) {
  render(
    <MemoryRouter>
      <LicenceVerificationView result={result} />
    </MemoryRouter>,
  );
}

describe('licence verification page', () => {
  it('a per-track certificate names the track it licenses; a plan certificate names none', () => {
    show({
      state: 'found',
      licence: licence({
        track: { productId: 'p1', title: 'Golden Hour', artist: 'Mila Grey', downloadedAt: '2030-03-05T09:00:00.000Z' },
      }),
    });
    expect(screen.getByTestId('licence-track').textContent).toBe('“Golden Hour” by Mila Grey, downloaded Mar 5, 2030');
    cleanup();
    show({ state: 'found', licence: licence() });
    expect(screen.queryByTestId('licence-track')).toBeNull();
  });

  it('a genuine licence: GENUINE banner as the page heading, licensee, plan, period, code and channels', () => {
    show({ state: 'found', licence: licence() });
    expect(screen.getByTestId('licence-stamp').textContent).toContain('Genuine');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Genuine Cuewave licence, valid today');
    const article = screen.getByRole('article');
    expect(document.getElementById(article.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Genuine Cuewave licence, valid today',
    );
    expect(screen.getByTestId('licence-licensee').textContent).toContain('Zażółć Gęślą');
    expect(screen.getByText('Professional')).toBeTruthy();
    expect(screen.getByText('CW-7K3F-9QXD')).toBeTruthy();
    expect(screen.getByText('Mar 1, 2030')).toBeTruthy();
    expect(screen.getByText('Mar 1, 2031')).toBeTruthy();
    expect(screen.getByText('Mar 2, 2030')).toBeTruthy();
    const channels = within(screen.getByTestId('licence-channels')).getAllByRole('listitem');
    expect(channels).toHaveLength(2);
    expect(channels[0]!.textContent).toContain('YouTube');
    const link = within(channels[0]!).getByRole('link', { name: 'https://www.youtube.com/@zazolc' });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/@zazolc');
    expect(link.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    expect(screen.getByRole('heading', { name: 'What this licence covers' })).toBeTruthy();
    expect(screen.getByText(/Client work, paid advertising/)).toBeTruthy();
  });

  it('an expired licence says so, with its end date, and keeps what it covered', () => {
    show({ state: 'found', licence: licence({ status: 'expired' }) });
    expect(screen.getByTestId('licence-stamp').textContent).toContain('Expired');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('expired on Mar 1, 2031');
    expect(screen.getByText('Covered until')).toBeTruthy();
    expect(screen.getByText(/Content published on them during that period stays licensed/)).toBeTruthy();
    expect(screen.queryByText(/valid today/)).toBeNull();
  });

  it('a replaced licence says REPLACED with the date and asks for the current certificate', () => {
    show({ state: 'found', licence: licence({ status: 'superseded', supersededAt: '2030-06-10T08:00:00.000Z' }) });
    expect(screen.getByTestId('licence-stamp').textContent).toContain('Replaced');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('replaced on Jun 10, 2030');
    expect(screen.getByText(/ask the licensee for their current certificate/)).toBeTruthy();
  });

  it('a licence without channels says so', () => {
    show({ state: 'found', licence: licence({ channels: [] }) });
    expect(screen.getByText('This certificate lists no channels.')).toBeTruthy();
    expect(screen.queryByTestId('licence-channels')).toBeNull();
  });

  it('an unknown code: "We can\'t find a licence with code …", no certificate', () => {
    show({ state: 'not-found', code: 'CW-2222-2222' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cuewave licence check');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(
      'We can’t find a licence with code CW-2222-2222',
    );
    expect(screen.queryByTestId('licence-certificate')).toBeNull();
    expect(screen.queryByText(/Genuine/)).toBeNull();
  });

  it('a long made-up code is shown cut short, as text', () => {
    show({ state: 'not-found', code: `<script>${'x'.repeat(80)}` });
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toContain('<script>');
    expect(heading.textContent!.length).toBeLessThan(90);
    expect(document.querySelector('script')).toBeNull();
  });

  it('too many checks: an alert with the wait', () => {
    show({ state: 'rate-limited', code: 'CW-7K3F-9QXD', retryAfter: 42 });
    expect(screen.getByRole('alert').textContent).toContain('Please try again in 42 seconds.');
  });
});

describe('loadVerification', () => {
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const payload = (value: unknown) => value as { data: VerificationResult; init: ResponseInit | null };

  it('asks the API for the upper-case code and passes the licence on', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(licence()));
    const result = payload(await loadVerification('cw-7k3f-9qxd'));
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/v1\/license\/verify\/CW-7K3F-9QXD$/);
    expect(result.data).toEqual({ state: 'found', licence: licence() });
  });

  it('an unknown code is the not-found state with HTTP 404', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'NOT_FOUND', message: 'x' }, 404));
    const result = payload(await loadVerification('CW-2222-2222'));
    expect(result.data).toEqual({ state: 'not-found', code: 'CW-2222-2222' });
    expect(result.init?.status).toBe(404);
  });

  it('a malformed code is not-found without asking the API', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const result = payload(await loadVerification('hello'));
    expect(result.data).toEqual({ state: 'not-found', code: 'hello' });
    expect(result.init?.status).toBe(404);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the API rate limit becomes the rate-limited state with its Retry-After', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ error: 'TOO_MANY_REQUESTS', message: 'slow down' }, 429, { 'retry-after': '17' }),
    );
    const result = payload(await loadVerification('CW-7K3F-9QXD'));
    expect(result.data).toEqual({ state: 'rate-limited', code: 'CW-7K3F-9QXD', retryAfter: 17 });
    expect(result.init?.status).toBe(429);
  });

  it('any other failure is thrown to the error page', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ error: 'INTERNAL', message: 'boom' }, 500));
    await expect(loadVerification('CW-7K3F-9QXD')).rejects.toThrow(/INTERNAL/);
  });
});
