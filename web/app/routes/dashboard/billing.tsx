import { useState } from 'react';
import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BillingDetails, Country } from '@cuewave/contract/billing';
import type { Receipt, StoredPaymentMethod } from '@cuewave/contract/payment';
import { getMe } from '../../features/auth/session.server';
import { BillingDetailsSection } from '../../features/billing/billing-details-section';
import { PaymentMethodsSection } from '../../features/billing/payment-methods-section';
import { ReceiptsSection } from '../../features/billing/receipts-section';
import { getBilling, getCountries, getPaymentMethods, getReceipts } from '../../features/checkout/api';
import { requestTexts } from '../../i18n/request-texts.server';
import styles from '../../features/account/account.module.css';
import type { Route } from './+types/billing';

/** The title in the request's language comes with the loader's data (meta runs outside React). */
export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: 'robots', content: 'noindex' },
];

/**
 * The layout's guard has run. Each part loads on its own, so a failure shows in its section only.
 * Enterprise customers are invoiced by contract, not here (spec §6: billing hidden for them).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { me } = await getMe(request);
  if (me?.subscription?.planType === 'enterprise') throw redirect('/dashboard/licenses');
  const settle = <T,>(promise: Promise<T>) =>
    promise.then(
      (value) => ({ ok: true as const, value }),
      () => ({ ok: false as const, value: null }),
    );
  const [billing, methods, receipts, countries] = await Promise.all([
    settle(getBilling({ request })),
    settle(getPaymentMethods({ request })),
    settle(getReceipts({ request })),
    getCountries('business', false).catch((): Country[] => []),
  ]);
  return {
    title: requestTexts(request, 'billing').t('meta.title'),
    billing: billing.value,
    billingFailed: !billing.ok,
    methods: methods.value,
    receipts: receipts.value,
    countries,
  };
}

/** /dashboard/billing: billing details, saved cards, receipts and VAT invoices. */
export default function BillingPage({ loaderData }: Route.ComponentProps) {
  const [billing, setBilling] = useState<BillingDetails | null>(loaderData.billing);
  const [methods, setMethods] = useState<StoredPaymentMethod[] | null>(loaderData.methods);
  const receipts: Receipt[] | null = loaderData.receipts;
  const { t } = useTranslation('billing');
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('page.title')}</h1>
        <p className={styles.pageLead}>{t('page.lead')}</p>
      </header>
      <BillingDetailsSection
        billing={billing}
        countries={loaderData.countries}
        failed={loaderData.billingFailed}
        onSaved={setBilling}
      />
      <PaymentMethodsSection methods={methods} onChange={setMethods} />
      <ReceiptsSection receipts={receipts} />
    </div>
  );
}
