import { Link } from 'react-router';
import { Check } from 'lucide-react';
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
  const localized = useLocalizedPath();
  // A finished registration on these pages is buying a plan (decision 051): its own, shorter progress.
  if (forced === null) return <CheckoutSteps current={current} />;
  const currentIndex = indicatorIndex(current);
  const doneBefore = indicatorIndex(forced);
  return (
    <nav aria-label="Registration progress" className={styles.root}>
      <p className={styles.summary}>
        Step {currentIndex + 1} of {STEP_INDICATOR.length}: {STEP_INDICATOR[currentIndex]?.label}
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
                {stop.label}
                {done ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </>
          );
          return (
            <li
              key={stop.label}
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

const CHECKOUT_STOPS = ['Choose plan', 'Billing details', 'Payment'];

/** The checkout of a signed-in user without a paid plan: plan, billing details, payment. */
function CheckoutSteps({ current }: { current: RegistrationStep }) {
  const currentIndex = current === 'select-plan' ? 0 : 1;
  return (
    <nav aria-label="Checkout progress" className={styles.root} data-testid="checkout-steps">
      <p className={styles.summary}>
        Step {currentIndex + 1} of {CHECKOUT_STOPS.length}: {CHECKOUT_STOPS[currentIndex]}
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
                  {label}
                  {done ? <span className="visually-hidden"> (done)</span> : null}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
