import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AlertTriangle, CreditCard, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@cuewave/contract/account';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { useFormat } from '../../i18n/format';
import { useLocalizedPath } from '../shell/edition';
import { bannerFor, type BannerState } from './banner-rule';
import { BILLING_PATH, CHOOSE_PLAN_PATH, FINISH_CHECKOUT_PATH, SUBSCRIPTION_PATH } from './paths';
import { planTitle, type DateText, type SubscriptionT } from './status';
import styles from './subscription-banner.module.css';

/**
 * Root shell slot 6 (spec §2): what the subscriber needs to do about their subscription, on every
 * page except registration and the dashboard (whose subscription page says it in full). `now`
 * comes from the root loader so the server render and hydration count the same days.
 */
export function SubscriptionBanner({ me, now }: { me: Me | null; now: number }) {
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const state = me ? bannerFor(me.subscription, pathname, now) : null;
  if (!state) return null;
  const view = bannerView(state, t, format.date);
  return (
    <div
      className={cx(styles.banner, view.tone && styles[view.tone])}
      role="region"
      aria-label={t('banner.region')}
      data-testid="subscription-banner"
      data-kind={state.kind}
    >
      <div className={styles.inner}>
        <span className={styles.icon} aria-hidden="true">
          {view.icon}
        </span>
        <p className={styles.text}>{view.text}</p>
        <ButtonLink
          to={view.external ? view.to : localized(view.to)}
          size="sm"
          variant={view.tone === 'danger' ? 'primary' : 'secondary'}
          data-testid="subscription-banner-action"
        >
          {view.action}
        </ButtonLink>
      </div>
    </div>
  );
}

type View = {
  text: ReactNode;
  action: string;
  to: string;
  /** Dashboard paths have no /us variant. */
  external?: boolean;
  tone?: 'warn' | 'danger';
  icon: ReactNode;
};

function bannerView(state: BannerState, t: SubscriptionT, formatDate: DateText): View {
  switch (state.kind) {
    case 'trial': {
      const left =
        state.daysLeft === null
          ? t('banner.trialRunning')
          : state.daysLeft === 0
            ? t('banner.trialEndsToday')
            : state.endsTS
              ? t('banner.trialEndsInOn', { count: state.daysLeft, date: formatDate(state.endsTS) })
              : t('banner.trialEndsIn', { count: state.daysLeft });
      return {
        text: (
          <>
            <strong>{left}</strong> {t('banner.trialText')}
          </>
        ),
        action: t('banner.choosePlan'),
        to: CHOOSE_PLAN_PATH,
        icon: <Sparkles width={18} height={18} />,
      };
    }
    case 'payment':
      return {
        text: (
          <>
            <strong>{t('banner.paymentTitle')}</strong> {t('banner.paymentText')}
          </>
        ),
        action: t('banner.updateCard'),
        to: BILLING_PATH,
        external: true,
        tone: 'danger',
        icon: <CreditCard width={18} height={18} />,
      };
    case 'pending':
      return {
        text: (
          <>
            <strong>{t('banner.pendingTitle')}</strong> {t('banner.pendingText')}
          </>
        ),
        action: t('banner.finishCheckout'),
        to: FINISH_CHECKOUT_PATH,
        external: true,
        tone: 'warn',
        icon: <AlertTriangle width={18} height={18} />,
      };
    case 'cancelled':
      return {
        text: (
          <>
            <strong>
              {state.endsTS
                ? t('banner.cancelledOn', { plan: planTitle(state.plan, t), date: formatDate(state.endsTS) })
                : t('banner.cancelledSoon', { plan: planTitle(state.plan, t) })}
            </strong>{' '}
            {t('banner.cancelledText')}
          </>
        ),
        action: t('banner.renew'),
        to: SUBSCRIPTION_PATH,
        external: true,
        tone: 'warn',
        icon: <AlertTriangle width={18} height={18} />,
      };
  }
}
