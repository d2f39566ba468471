import { useId, type CSSProperties } from 'react';
import { Check, Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { PlanName } from '@cuewave/contract/account';
import type { Currency, Plan } from '@cuewave/contract/pricing';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { CurrencyPicker } from '../pricing/currency-picker';
import { ENTERPRISE_CONTACT_HREF } from '../pricing/enterprise-contact';
import { PeriodToggle } from '../pricing/period-toggle';
import { bestYearlySavingPercent } from '../pricing/plan-price';
import { PlanPrice } from '../pricing/price';
import { apiFeatureText, PLANS, planTexts } from './plans';
import { periodOf, type BillingType } from './signup-store';
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
  /** The plans of GET /v1/subscription/plans, for prices and features; null when they failed to load. */
  plans?: readonly Plan[] | null;
  currency?: Currency;
  onCurrencyChange?: (currency: Currency) => void;
  /** Which plans to show, in listing order (default: all five). */
  planNames?: readonly PlanName[];
  /** The button's words for a plan, instead of "Choose <plan>". */
  actionLabel?: (plan: PlanName, title: string) => string;
  /** Next to the selected plan's tier (default 'Your choice'). */
  selectedLabel?: string;
  /** Where the Enterprise card sends a visitor. */
  contactHref?: string;
};

/**
 * The plan cards of the registration pages (spec §3 plans): names, prices in the chosen currency,
 * channel limits and what each allows, with the monthly / yearly switch and the currency picker.
 * Enterprise is not sold by card (decision 041): its card asks the visitor to contact sales.
 */
export function PlanCards({
  selected,
  billingType,
  onBillingTypeChange,
  onChoose,
  pending = null,
  plans = null,
  currency = 'usd',
  onCurrencyChange,
  planNames,
  actionLabel,
  selectedLabel,
  contactHref = ENTERPRISE_CONTACT_HREF,
}: PlanCardsProps) {
  // The Enterprise card's button says what the price page's says: its words are the pricing feature's.
  const { t } = useTranslation(['registration', 'pricing']);
  const groupName = useId();
  const shown = planNames ? PLANS.filter((plan) => planNames.includes(plan.name)) : PLANS;
  const period = periodOf(billingType);
  const saving = plans ? bestYearlySavingPercent(plans, currency) : null;
  return (
    <div className={styles.root}>
      <div className={styles.controls}>
        <PeriodToggle value={billingType} onChange={onBillingTypeChange} yearlySavingPercent={saving} />
        {plans && onCurrencyChange ? <CurrencyPicker value={currency} onChange={onCurrencyChange} /> : null}
      </div>

      <ul
        role="list"
        className={styles.grid}
        aria-label={t('planCards.plans')}
        style={{ '--plan-count': shown.length } as CSSProperties}
        data-count={shown.length}
      >
        {shown.map((plan) => {
          const isSelected = selected === plan.name;
          const titleId = `${groupName}-${plan.name}`;
          const priced = plans?.find((p) => p.name === plan.name) ?? null;
          const texts = planTexts(plan.name, t);
          // The card shows the channel count large; the API's "Licence for N channels" line would repeat it.
          const channelLine = `Licence for ${plan.channels} channel${plan.channels === 1 ? '' : 's'}`;
          const features = priced
            ? priced.features.filter((feature) => feature !== channelLine).map((feature) => apiFeatureText(feature, t))
            : texts.features;
          const contact = (priced?.purchase ?? (plan.name === 'enterprise' ? 'contact' : null)) === 'contact';
          return (
            <li
              key={plan.name}
              className={cx(styles.card, plan.popular && styles.popular, isSelected && styles.selected)}
              aria-labelledby={titleId}
              data-testid={`plan-${plan.name}`}
              data-selected={isSelected || undefined}
            >
              {plan.popular ? <p className={styles.badge}>{t('planCards.popular')}</p> : null}
              <div className={styles.tierRow}>
                <p className={shared.eyebrow}>{texts.tier}</p>
                {isSelected ? (
                  <span className={styles.current}>
                    <Check aria-hidden="true" />
                    {selectedLabel ?? t('planCards.yourChoice')}
                  </span>
                ) : null}
              </div>
              <h3 id={titleId} className={styles.title}>
                {texts.title}
              </h3>
              <p className={styles.audience}>{texts.audience}</p>
              {priced ? (
                <PlanPrice className={styles.price} plan={priced} period={period} currency={currency} />
              ) : (
                <p className={styles.billing}>
                  {plan.name === 'trial'
                    ? t('planCards.trialBilling')
                    : billingType === 'yearly'
                      ? t('planCards.billedYearly')
                      : t('planCards.billedMonthly')}
                </p>
              )}
              <p className={styles.channels}>
                <Trans t={t} i18nKey="planCards.channels" count={plan.channels} components={{ strong: <strong /> }} />
              </p>
              <ul role="list" className={styles.features}>
                {features.map((feature) => (
                  <li key={feature}>
                    <Check aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              {contact ? (
                <ButtonLink
                  className={styles.action}
                  variant="secondary"
                  fullWidth
                  to={contactHref}
                  icon={<Mail />}
                  aria-describedby={titleId}
                  data-testid={`contact-${plan.name}`}
                >
                  {t('pricing:enterpriseContact')}
                </ButtonLink>
              ) : (
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
                  {actionLabel
                    ? actionLabel(plan.name, texts.title)
                    : plan.name === 'trial'
                      ? t('planCards.startTrial')
                      : t('planCards.choose', { plan: texts.title })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {plans ? <p className={styles.taxNote}>{t('planCards.taxNote')}</p> : null}
    </div>
  );
}
