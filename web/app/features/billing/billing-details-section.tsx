import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BillingDetails, Country } from '@cuewave/contract/billing';
import { US_STATES } from '@cuewave/contract/billing';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { AccountSection } from '../account/account-section';
import { BillingForm } from '../checkout/billing-form';
import styles from './billing.module.css';

export type BillingDetailsSectionProps = {
  billing: BillingDetails | null;
  countries: Country[];
  /** The details could not be read (not the same as none saved). */
  failed: boolean;
  onSaved: (billing: BillingDetails) => void;
};

/** Billing details: what invoices and tax are based on, shown as text and edited with the checkout's form. */
export function BillingDetailsSection({ billing, countries, failed, onSaved }: BillingDetailsSectionProps) {
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  const { t } = useTranslation('billing');

  return (
    <AccountSection title={t('details.title')} description={t('details.description')} testId="billing-details">
      {failed ? (
        <p className={styles.muted} role="alert">
          {t('details.loadFailed')}
        </p>
      ) : editing ? (
        <BillingForm
          initial={billing}
          countries={countries}
          submitLabel={t('details.save')}
          onDone={(result) => {
            onSaved(result.billing);
            setEditing(false);
            toast.success(t('details.saved'));
          }}
          secondary={
            <Button variant="ghost" size="lg" onClick={() => setEditing(false)} data-testid="billing-cancel">
              {t('details.cancel')}
            </Button>
          }
        />
      ) : billing ? (
        <div className={styles.detailsRow}>
          <BillingAddress billing={billing} countries={countries} />
          <Button variant="secondary" icon={<Pencil />} onClick={() => setEditing(true)} data-testid="billing-edit">
            {t('details.edit')}
          </Button>
        </div>
      ) : (
        <div className={styles.detailsRow}>
          <p className={styles.muted}>{t('details.none')}</p>
          <Button variant="secondary" onClick={() => setEditing(true)} data-testid="billing-edit">
            {t('details.add')}
          </Button>
        </div>
      )}
    </AccountSection>
  );
}

function BillingAddress({ billing, countries }: { billing: BillingDetails; countries: Country[] }) {
  const { t } = useTranslation('billing');
  const country = countries.find((c) => c.value === billing.country)?.label ?? billing.country;
  const state = billing.state ? (US_STATES.find((s) => s.code === billing.state)?.name ?? billing.state) : null;
  return (
    <address className={styles.address} data-testid="billing-address">
      {billing.type === 'business' && billing.companyName ? <strong>{billing.companyName}</strong> : null}
      <span className={billing.type === 'business' ? undefined : styles.strong}>
        {billing.firstName} {billing.lastName}
      </span>
      <span>{billing.line1}</span>
      {billing.line2 ? <span>{billing.line2}</span> : null}
      <span>
        {billing.postalCode} {billing.city}
        {state ? `, ${state}` : ''}
      </span>
      <span>{country}</span>
      {billing.taxNumber ? (
        <span data-testid="billing-tax-number">
          {t('details.taxNumber', { number: billing.taxNumber })}
          {billing.type === 'business' && !billing.taxNumberValid ? ` ${t('details.notVerified')}` : ''}
        </span>
      ) : null}
      {billing.phoneNumber ? <span>{billing.phoneNumber}</span> : null}
    </address>
  );
}
