import { useId } from 'react';
import { Check } from 'lucide-react';
import type { PlanName } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { PLANS } from './plans';
import type { BillingType } from './signup-store';
import shared from '../auth/auth-forms.module.css';
import styles from './plan-cards.module.css';

export type PlanCardsProps = {
  /** The highlighted plan (the current choice). */
  selected: PlanName | null;
  billingType: BillingType;
  onBillingTypeChange: (billingType: BillingType) => void;
  onChoose: (plan: PlanName) => void;
  /** The plan whose choice is being saved: its button spins, the others wait. */
  pending?: PlanName | null;
  /** Words on each card's button, e.g. 'Choose' → 'Choose Advanced'. */
  actionVerb?: string;
};

/**
 * The plan cards (spec §3 plans): names, channel limits and what each allows, with the monthly /
 * yearly switch. Prices are not shown yet; they come with the subscriptions issue.
 */
export function PlanCards({
  selected,
  billingType,
  onBillingTypeChange,
  onChoose,
  pending = null,
  actionVerb = 'Choose',
}: PlanCardsProps) {
  const groupName = useId();
  return (
    <div className={styles.root}>
      <fieldset className={styles.period}>
        <legend className="visually-hidden">Billing period</legend>
        {(['monthly', 'yearly'] as const).map((value) => (
          <label key={value} className={cx(styles.periodOption, billingType === value && styles.periodActive)}>
            <input
              type="radio"
              name={groupName}
              value={value}
              checked={billingType === value}
              onChange={() => onBillingTypeChange(value)}
              className={styles.periodInput}
              data-testid={`period-${value}`}
            />
            {value === 'monthly' ? 'Monthly' : 'Yearly'}
          </label>
        ))}
      </fieldset>

      <ul role="list" className={styles.grid} aria-label="Plans">
        {PLANS.map((plan) => {
          const isSelected = selected === plan.name;
          const titleId = `${groupName}-${plan.name}`;
          return (
            <li
              key={plan.name}
              className={cx(styles.card, plan.popular && styles.popular, isSelected && styles.selected)}
              aria-labelledby={titleId}
              data-testid={`plan-${plan.name}`}
              data-selected={isSelected || undefined}
            >
              {plan.popular ? <p className={styles.badge}>Most popular</p> : null}
              <div className={styles.tierRow}>
                <p className={shared.eyebrow}>{plan.tier}</p>
                {isSelected ? (
                  <span className={styles.current}>
                    <Check aria-hidden="true" />
                    Your choice
                  </span>
                ) : null}
              </div>
              <h3 id={titleId} className={styles.title}>
                {plan.title}
              </h3>
              <p className={styles.audience}>{plan.audience}</p>
              <p className={styles.channels}>
                <strong>{plan.channels}</strong> {plan.channels === 1 ? 'channel' : 'channels'}
              </p>
              <p className={styles.billing}>
                {plan.name === 'trial'
                  ? 'Free, then choose a plan'
                  : billingType === 'yearly'
                    ? 'Billed yearly'
                    : 'Billed monthly'}
              </p>
              <ul role="list" className={styles.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Check aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button
                className={styles.action}
                variant={isSelected || (selected === null && plan.popular) ? 'primary' : 'secondary'}
                fullWidth
                loading={pending === plan.name}
                disabled={pending !== null && pending !== plan.name}
                onClick={() => onChoose(plan.name)}
                aria-describedby={titleId}
                data-testid={`choose-${plan.name}`}
              >
                {plan.name === 'trial' ? 'Start free trial' : `${actionVerb} ${plan.title}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
