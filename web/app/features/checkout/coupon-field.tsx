import { useEffect, useId, useState, type FormEvent } from 'react';
import { Check, Tag } from 'lucide-react';
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
      setError('Enter a discount code.');
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
        Have a discount code?
      </button>
    );
  }

  if (accepted) {
    return (
      <div className={styles.couponApplied} data-testid="coupon-applied">
        <span className={styles.couponBadge}>
          <Check aria-hidden="true" />
          <span>
            Code <strong>{status.code}</strong> applied
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
          Remove
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.couponForm} onSubmit={submit} noValidate>
      <TextField
        id={inputId}
        label="Discount code"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={64}
        value={code}
        error={error ?? (rejected ? (status.message ?? 'This code can’t be used for this plan.') : null)}
        disabled={disabled}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(null);
        }}
        data-testid="coupon-code"
      />
      <div className={styles.couponButtons}>
        <Button type="submit" variant="secondary" disabled={disabled} data-testid="coupon-apply">
          Apply
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
            Remove
          </Button>
        ) : null}
      </div>
    </form>
  );
}
