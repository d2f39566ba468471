import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AlertTriangle, CreditCard, Sparkles } from 'lucide-react';
import type { Me } from '@cuewave/contract/account';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { formatDate } from '../../lib/format';
import { planTitle } from '../registration/plans';
import { useLocalizedPath } from '../shell/edition';
import { bannerFor, type BannerState } from './banner-rule';
import { BILLING_PATH, CHOOSE_PLAN_PATH, FINISH_CHECKOUT_PATH, SUBSCRIPTION_PATH } from './paths';
import styles from './subscription-banner.module.css';

/**
 * Root shell slot 6 (spec §2): what the subscriber needs to do about their subscription, on every
 * page except registration and the dashboard (whose subscription page says it in full). `now`
 * comes from the root loader so the server render and hydration count the same days.
 */
export function SubscriptionBanner({ me, now }: { me: Me | null; now: number }) {
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const state = me ? bannerFor(me.subscription, pathname, now) : null;
  if (!state) return null;
  const view = bannerView(state);
  return (
    <div
      className={cx(styles.banner, view.tone && styles[view.tone])}
      role="region"
      aria-label="Subscription"
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

function bannerView(state: BannerState): View {
  switch (state.kind) {
    case 'trial': {
      const left =
        state.daysLeft === null
          ? 'Your free trial is running.'
          : state.daysLeft === 0
            ? 'Your free trial ends today.'
            : `Your free trial ends in ${state.daysLeft} day${state.daysLeft === 1 ? '' : 's'}${state.endsTS ? ` (${formatDate(state.endsTS)})` : ''}.`;
      return {
        text: (
          <>
            <strong>{left}</strong> Choose a plan to keep downloading and licensing music.
          </>
        ),
        action: 'Choose a plan',
        to: CHOOSE_PLAN_PATH,
        icon: <Sparkles width={18} height={18} />,
      };
    }
    case 'payment':
      return {
        text: (
          <>
            <strong>We couldn’t renew your subscription.</strong> Your card payment failed; update your card to keep
            your licence.
          </>
        ),
        action: 'Update your card',
        to: BILLING_PATH,
        external: true,
        tone: 'danger',
        icon: <CreditCard width={18} height={18} />,
      };
    case 'pending':
      return {
        text: (
          <>
            <strong>Your payment isn’t complete.</strong> Finish checkout to start your plan.
          </>
        ),
        action: 'Finish checkout',
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
              Your {planTitle(state.plan)} plan ends{state.endsTS ? ` on ${formatDate(state.endsTS)}` : ' soon'}.
            </strong>{' '}
            Renew to keep your licence covering new videos.
          </>
        ),
        action: 'Renew',
        to: SUBSCRIPTION_PATH,
        external: true,
        tone: 'warn',
        icon: <AlertTriangle width={18} height={18} />,
      };
  }
}
