import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LegalFacts } from '@cuewave/contract/contact';
import { createI18n } from '../../i18n/create-i18n';
import { ALL_TEXTS } from '../../i18n/resources.server';
import { Faq } from '../pricing/faq';
import { useFaqContent } from './faq-content';
import { FAQ_TABS } from './faq-tabs';
import { PrivacyPolicy } from './privacy-policy';
import { Terms } from './terms';

afterEach(cleanup);

const facts: LegalFacts = {
  seller: { name: 'Cuewave Sp. z o.o.', addressLines: ['ul. Prosta 1', '00-001 Warszawa'], vatId: 'PL1234567890' },
  supportEmail: 'help@cuewave.example',
  salesEmail: 'sales@cuewave.example',
  processors: {
    payments: 'stripe',
    email: 'smtp',
    sms: 'http',
    captcha: 'recaptcha',
    embeddings: 'external',
    storage: 's3',
  },
};

/** Renders in the given language; English (the unit tests' default) throws on a key with no text. */
function renderIn(language: 'en' | 'pl', element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/faq/rights'] });
  const tree = <RouterProvider router={router} />;
  render(
    language === 'en' ? tree : <I18nextProvider i18n={createI18n('pl', ALL_TEXTS, false)}>{tree}</I18nextProvider>,
  );
}

function AllFaqTabs() {
  const content = useFaqContent();
  return (
    <>
      {FAQ_TABS.map((tab) => (
        <Faq key={tab.id} items={content[tab.id]} />
      ))}
    </>
  );
}

describe('the FAQ, privacy policy and terms in both languages (decision 075)', () => {
  it('every FAQ answer has its texts, with links and the store’s own numbers', () => {
    renderIn('en', <AllFaqTabs />);
    expect(screen.getByRole('button', { name: 'What exactly does each plan allow?' })).toBeTruthy();
    expect(screen.getByText(/Fair use is up to \d+ different tracks per account per day/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'see in-store music', hidden: true }).getAttribute('href')).toBe(
      '/in-store',
    );
    cleanup();
    renderIn('pl', <AllFaqTabs />);
    expect(screen.getByRole('button', { name: 'Na co dokładnie pozwala każdy plan?' })).toBeTruthy();
    expect(screen.getByText(/różnych utworów na konto dziennie/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'zobacz muzykę do lokali', hidden: true }).getAttribute('href')).toBe(
      '/in-store',
    );
    // A plan's limits in Polish plural forms, with the licence's own terms.
    expect(screen.getByText(/\(1 kanał\): Muzyka i efekty dźwiękowe/)).toBeTruthy();
  });

  it('the privacy policy names the seller and each configured processor, per edition', () => {
    renderIn('en', <PrivacyPolicy facts={facts} edition="eu" />);
    expect(screen.getByText(/Cuewave is run by/).textContent).toContain('Cuewave Sp. z o.o., ul. Prosta 1');
    expect(screen.getByText(/Stripe, Inc. and its affiliates/)).toBeTruthy();
    expect(screen.getByText(/Personal Data Protection Office/)).toBeTruthy();
    expect(screen.getAllByText(/^\d+ days$/).length).toBeGreaterThan(0);
    cleanup();
    renderIn('pl', <PrivacyPolicy facts={facts} edition="us" />);
    expect(screen.getByText(/Cuewave prowadzi/).textContent).toContain('Cuewave Sp. z o.o., ul. Prosta 1');
    expect(screen.getByRole('link', { name: 'help@cuewave.example' }).getAttribute('href')).toBe(
      'mailto:help@cuewave.example',
    );
    expect(screen.getByText(/Jeśli mieszkasz w Kalifornii/)).toBeTruthy();
    expect(screen.getByText('do zamknięcia przeglądarki')).toBeTruthy();
  });

  it('the terms, without the seller’s facts, stay generic in both languages', () => {
    renderIn('en', <Terms facts={null} edition="us" />);
    expect(screen.getByText(/the company named on your receipts/)).toBeTruthy();
    expect(screen.getByText(/sales tax is added where your state requires it/)).toBeTruthy();
    cleanup();
    renderIn('pl', <Terms facts={null} edition="eu" />);
    expect(screen.getByText(/firmą wskazaną na Twoich paragonach/)).toBeTruthy();
    expect(screen.getByText(/odwrotnego obciążenia/)).toBeTruthy();
  });
});
