import { useEffect, useId, useState, type FormEvent } from 'react';
import { Check, Tag } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { QuoteCoupon } from '@cuewave/contract/pricing';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import styles from './checkout-page.module.css';

export type CouponFieldProps = {
  /** The code applied to the quote, or null. */
  applied: string | null;
  /** What the quote says about it (null while there is no quote). */
  status: QuoteCoupon | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  disabled?: boolean;
};

/**
 * A discount code for the quote (decision 041). The quote answers whether it applied and, when not,
 * why ("This code has expired."); the field shows that answer instead of guessing.
 */
export function CouponField({ applied, status, onApply, onRemove, disabled }: CouponFieldProps) {
  const { t } = useTranslation('checkout');
  const [open, setOpen] = useState(applied !== null);
  const [code, setCode] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  // A code can arrive from the signup state after the first render (session storage).
  useEffect(() => {
    if (applied !== null) setCode(applied);
  }, [applied]);

  const rejected = applied !== null && status !== null && !status.valid;
  const accepted = applied !== null && status !== null && status.valid;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('coupon.missing'));
      return;
    }
    setError(null);
    onApply(trimmed);
  }

  if (!open && applied === null) {
    return (
      <button
        type="button"
        className={styles.couponToggle}
        onClick={() => {
          setOpen(true);
          window.setTimeout(() => document.getElementById(inputId)?.focus(), 0);
        }}
        data-testid="coupon-open"
      >
        <Tag aria-hidden="true" />
        {t('coupon.open')}
      </button>
    );
  }

  if (accepted) {
    return (
      <div className={styles.couponApplied} data-testid="coupon-applied">
        <span className={styles.couponBadge}>
          <Check aria-hidden="true" />
          <span>
            <Trans t={t} i18nKey="coupon.applied" values={{ code: status.code }} components={{ strong: <strong /> }} />
          </span>
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setCode('');
            setOpen(true);
            onRemove();
          }}
          disabled={disabled}
          data-testid="coupon-remove"
        >
          {t('coupon.remove')}
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.couponForm} onSubmit={submit} noValidate>
      <TextField
        id={inputId}
        label={t('coupon.label')}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={64}
        value={code}
        error={error ?? (rejected ? (status.message ?? t('coupon.rejected')) : null)}
        disabled={disabled}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(null);
        }}
        data-testid="coupon-code"
      />
      <div className={styles.couponButtons}>
        <Button type="submit" variant="secondary" disabled={disabled} data-testid="coupon-apply">
          {t('coupon.apply')}
        </Button>
        {applied !== null ? (
          <Button
            variant="ghost"
            onClick={() => {
              setCode('');
              onRemove();
            }}
            disabled={disabled}
            data-testid="coupon-remove"
          >
            {t('coupon.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
