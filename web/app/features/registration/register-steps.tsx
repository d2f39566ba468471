import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RegistrationStep } from '@cuewave/contract/account';
import { cx } from '../../components/ui/cx';
import { useLocalizedPath } from '../shell/edition';
import { indicatorIndex, STEP_INDICATOR } from './registration-paths';
import styles from './register-steps.module.css';

export type RegisterStepsProps = {
  /** The step of the page on screen. */
  current: RegistrationStep;
  /** The step the order forces (null once complete): stops before it are done. */
  forced: RegistrationStep | null;
};

/**
 * The registration order (spec §4) as a progress indicator. Finished stops are marked done; the
 * plan stays a link while it is behind the user, since changing it is allowed (backwards guard).
 */
export function RegisterSteps({ current, forced }: RegisterStepsProps) {
  const { t } = useTranslation('registration');
  const localized = useLocalizedPath();
  // A finished registration on these pages is buying a plan (decision 051): its own, shorter progress.
  if (forced === null) return <CheckoutSteps current={current} />;
  const currentIndex = indicatorIndex(current);
  const doneBefore = indicatorIndex(forced);
  return (
    <nav aria-label={t('steps.registrationProgress')} className={styles.root}>
      <p className={styles.summary}>
        {t('steps.summary', {
          number: currentIndex + 1,
          total: STEP_INDICATOR.length,
          label: STEP_INDICATOR[currentIndex] ? t(`steps.${STEP_INDICATOR[currentIndex].key}`) : '',
        })}
      </p>
      <ol className={styles.list}>
        {STEP_INDICATOR.map((stop, index) => {
          const done = index < doneBefore && index !== currentIndex;
          const isCurrent = index === currentIndex;
          const canRevisit = done && stop.steps[0] === 'select-plan';
          const content = (
            <>
              <span className={styles.marker} aria-hidden="true">
                {done ? <Check /> : index + 1}
              </span>
              <span className={styles.label}>
                {t(`steps.${stop.key}`)}
                {done ? <span className="visually-hidden"> {t('steps.done')}</span> : null}
              </span>
            </>
          );
          return (
            <li
              key={stop.key}
              className={cx(styles.stop, done && styles.done, isCurrent && styles.current)}
              aria-current={isCurrent ? 'step' : undefined}
              data-testid={`step-${stop.steps[0]}`}
            >
              {canRevisit ? (
                <Link to={localized('/register/select-plan')} className={styles.stopLink}>
                  {content}
                </Link>
              ) : (
                <span className={styles.stopLink}>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const CHECKOUT_STOPS = ['choosePlan', 'billingDetails', 'payment'] as const;

/** The checkout of a signed-in user without a paid plan: plan, billing details, payment. */
function CheckoutSteps({ current }: { current: RegistrationStep }) {
  const { t } = useTranslation('registration');
  const currentIndex = current === 'select-plan' ? 0 : 1;
  return (
    <nav aria-label={t('steps.checkoutProgress')} className={styles.root} data-testid="checkout-steps">
      <p className={styles.summary}>
        {t('steps.summary', {
          number: currentIndex + 1,
          total: CHECKOUT_STOPS.length,
          label: t(`steps.${CHECKOUT_STOPS[currentIndex] ?? 'payment'}`),
        })}
      </p>
      <ol className={styles.list}>
        {CHECKOUT_STOPS.map((label, index) => {
          const done = index < currentIndex;
          const isCurrent = index === currentIndex;
          return (
            <li
              key={label}
              className={cx(styles.stop, done && styles.done, isCurrent && styles.current)}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className={styles.stopLink}>
                <span className={styles.marker} aria-hidden="true">
                  {done ? <Check /> : index + 1}
                </span>
                <span className={styles.label}>
                  {t(`steps.${label}`)}
                  {done ? <span className="visually-hidden"> {t('steps.done')}</span> : null}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
