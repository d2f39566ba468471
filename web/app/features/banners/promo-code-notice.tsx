import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Ticket, X } from 'lucide-react';
import { updateSignup, useSignup } from '../registration/signup-store';
import { couponCodeOf } from './banner-state';
import styles from './promo-code-notice.module.css';

/**
 * On the price page: a discount code that came with the link (?coupon=, the promo banner's "See plans")
 * goes into the signup state (hasCoupon, coupon; spec §3), where the checkout picks it up and quotes it
 * (decision 072). The note says so, and lets the visitor drop the code. The code in the address renders
 * on the server too, so the note does not pop in after hydration.
 */
export function PromoCodeNotice() {
  const { t } = useTranslation('banners');
  const [params, setParams] = useSearchParams();
  const signup = useSignup();
  const fromLink = couponCodeOf(params.get('coupon'));

  useEffect(() => {
    if (fromLink) updateSignup({ hasCoupon: true, coupon: fromLink });
  }, [fromLink]);

  const code = fromLink ?? (signup.hasCoupon ? couponCodeOf(signup.coupon) : null);
  if (!code) return null;
  return (
    <div className={styles.notice} role="status" data-testid="promo-code-notice">
      <Ticket aria-hidden="true" className={styles.icon} />
      <p className={styles.text}>
        <Trans t={t} i18nKey="notice.saved" values={{ code }} components={{ strong: <strong /> }} />
      </p>
      <button
        type="button"
        className={styles.remove}
        onClick={() => {
          updateSignup({ hasCoupon: false, coupon: null });
          if (fromLink) {
            const next = new URLSearchParams(params);
            next.delete('coupon');
            setParams(next, { replace: true, preventScrollReset: true });
          }
        }}
        aria-label={t('notice.remove', { code })}
        data-testid="promo-code-remove"
      >
        <X aria-hidden="true" />
      </button>
    </div>
  );
}
