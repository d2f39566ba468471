import { useEffect, useId, useRef } from 'react';
import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { cx } from '../../components/ui/cx';
import type { StripeLike } from './stripe-glue';
import styles from './checkout.module.css';

/** What the card form needs to know of Stripe's card Element between its change events. */
export type StripeCardState = { empty: boolean; complete: boolean; error: string | null };

export type StripeCardFieldProps = {
  stripe: StripeLike;
  /** Called with the mounted Element, and with null when it goes away. */
  onReady: (element: StripeCardElement | null) => void;
  onChange: (state: StripeCardState) => void;
  error?: string;
  disabled?: boolean;
  testId?: string;
};

/** A CSS custom property of the page, for the Element's iframe, which can't see our stylesheet. */
function cssVar(host: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(host).getPropertyValue(name).trim() || fallback;
}

/**
 * Stripe's card Element (number, expiry, CVC and postcode in one iframe served by Stripe, so the
 * number never reaches this page) styled like our text fields. Its inputs carry Stripe's own
 * accessible names; the label above focuses it, and its live errors appear under it like ours.
 */
export function StripeCardField({ stripe, onReady, onChange, error, disabled, testId }: StripeCardFieldProps) {
  const { t } = useTranslation('checkout');
  const hostRef = useRef<HTMLDivElement>(null);
  const elementRef = useRef<StripeCardElement | null>(null);
  const callbacks = useRef({ onReady, onChange });
  callbacks.current = { onReady, onChange };
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const computed = getComputedStyle(host);
    // A fresh Elements group per mount: one group allows one card Element at a time.
    const element = stripe.elements().create('card', {
      hidePostalCode: false,
      style: {
        base: {
          color: computed.color || '#f4f4f6',
          fontFamily: computed.fontFamily || 'system-ui, sans-serif',
          fontSize: '16px',
          iconColor: cssVar(host, '--color-text-muted', '#b9b9c6'),
          '::placeholder': { color: cssVar(host, '--color-text-subtle', '#8d8d9c') },
        },
        invalid: {
          color: cssVar(host, '--color-danger', '#ff6b6b'),
          iconColor: cssVar(host, '--color-danger', '#ff6b6b'),
        },
      },
    });
    element.on('change', (event: StripeCardElementChangeEvent) => {
      callbacks.current.onChange({
        empty: event.empty,
        complete: event.complete,
        error: event.error?.message ?? null,
      });
    });
    element.mount(host);
    elementRef.current = element;
    callbacks.current.onReady(element);
    return () => {
      callbacks.current.onReady(null);
      elementRef.current = null;
      element.destroy();
    };
  }, [stripe]);

  useEffect(() => {
    elementRef.current?.update({ disabled: !!disabled });
  }, [disabled]);

  return (
    <div className={styles.stripeField}>
      {/* Not a <label for>: the inputs live in Stripe's iframe, so a click hands focus over instead. */}
      <span id={labelId} className={styles.stripeLabel} onClick={() => elementRef.current?.focus()}>
        {t('card.details')}
      </span>
      <div
        ref={hostRef}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className={cx(styles.stripeHost, !!error && styles.stripeInvalid)}
        data-testid={testId}
      />
      {error ? (
        <p id={errorId} className={styles.stripeError}>
          <AlertCircle aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
