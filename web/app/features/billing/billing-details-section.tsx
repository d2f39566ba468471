import { useState } from 'react';
import { Pencil } from 'lucide-react';
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

  return (
    <AccountSection
      title="Billing details"
      description="Your invoices and receipts are made out to these details, and tax is worked out from the address."
      testId="billing-details"
    >
      {failed ? (
        <p className={styles.muted} role="alert">
          We couldn’t load your billing details. Reload the page to try again.
        </p>
      ) : editing ? (
        <BillingForm
          initial={billing}
          countries={countries}
          submitLabel="Save details"
          onDone={(result) => {
            onSaved(result.billing);
            setEditing(false);
            toast.success('Billing details saved.');
          }}
          secondary={
            <Button variant="ghost" size="lg" onClick={() => setEditing(false)} data-testid="billing-cancel">
              Cancel
            </Button>
          }
        />
      ) : billing ? (
        <div className={styles.detailsRow}>
          <BillingAddress billing={billing} countries={countries} />
          <Button variant="secondary" icon={<Pencil />} onClick={() => setEditing(true)} data-testid="billing-edit">
            Edit
          </Button>
        </div>
      ) : (
        <div className={styles.detailsRow}>
          <p className={styles.muted}>No billing details yet. They are asked for when you buy a plan.</p>
          <Button variant="secondary" onClick={() => setEditing(true)} data-testid="billing-edit">
            Add billing details
          </Button>
        </div>
      )}
    </AccountSection>
  );
}

function BillingAddress({ billing, countries }: { billing: BillingDetails; countries: Country[] }) {
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
          Tax number {billing.taxNumber}
          {billing.type === 'business' && !billing.taxNumberValid ? ' (not verified)' : ''}
        </span>
      ) : null}
      {billing.phoneNumber ? <span>{billing.phoneNumber}</span> : null}
    </address>
  );
}
