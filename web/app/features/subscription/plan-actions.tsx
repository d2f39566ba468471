import { useState } from 'react';
import { ArrowDownCircle, ArrowUpCircle, CalendarRange } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@cuewave/contract/licence';
import type { Plan } from '@cuewave/contract/pricing';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button, ButtonLink } from '../../components/ui/button';
import { useLocalizedPath } from '../shell/edition';
import { availableActions } from './actions';
import { CHOOSE_PLAN_PATH } from './paths';
import { CancelRenewalDialog } from './cancel-renewal-dialog';
import { DowngradeDialog } from './downgrade-dialog';
import { PeriodDialog } from './period-dialog';
import { UpgradeDialog } from './upgrade-dialog';
import { usePlans } from './plans-context';
import styles from './subscription.module.css';

type Open = 'upgrade' | 'downgrade' | 'period' | 'cancel' | null;

/** The plan's buttons: exactly the actions its status allows (actions.ts), each with its dialog. */
export function PlanActions({ subscription, channels }: { subscription: SubscriptionDetail; channels: Channel[] }) {
  const actions = availableActions(subscription);
  const [open, setOpen] = useState<Open>(null);
  const plans: Plan[] = usePlans();
  const localized = useLocalizedPath();
  const { t } = useTranslation('subscription');
  const close = () => setOpen(null);

  const buttons = [
    actions.has('upgrade') && (
      <Button key="up" icon={<ArrowUpCircle />} onClick={() => setOpen('upgrade')} data-testid="open-upgrade">
        {t('actions.upgrade')}
      </Button>
    ),
    actions.has('downgrade') && (
      <Button
        key="down"
        variant="secondary"
        icon={<ArrowDownCircle />}
        onClick={() => setOpen('downgrade')}
        data-testid="open-downgrade"
      >
        {t('actions.downgrade')}
      </Button>
    ),
    actions.has('changePeriod') && (
      <Button
        key="period"
        variant="secondary"
        icon={<CalendarRange />}
        onClick={() => setOpen('period')}
        data-testid="open-period"
      >
        {t(subscription.period === 'month' ? 'actions.toYearly' : 'actions.toMonthly')}
      </Button>
    ),
    actions.has('choosePlan') && (
      <ButtonLink key="choose" to={localized(CHOOSE_PLAN_PATH)} data-testid="choose-plan">
        {t('actions.choosePlan')}
      </ButtonLink>
    ),
    actions.has('contactSales') && (
      <ButtonLink key="contact" to="/enterprise" variant="secondary">
        {t('actions.contactManager')}
      </ButtonLink>
    ),
    actions.has('cancelRenewal') && (
      <Button
        key="cancel"
        variant="ghost"
        className={styles.pushRight}
        onClick={() => setOpen('cancel')}
        data-testid="open-cancel-renewal"
      >
        {t('actions.cancelRenewal')}
      </Button>
    ),
  ].filter(Boolean);
  if (!buttons.length) return null;

  return (
    <>
      <div className={styles.buttons} data-testid="plan-actions">
        {buttons}
      </div>
      {actions.has('upgrade') ? (
        <UpgradeDialog open={open === 'upgrade'} onClose={close} subscription={subscription} plans={plans} />
      ) : null}
      {actions.has('downgrade') ? (
        <DowngradeDialog
          open={open === 'downgrade'}
          onClose={close}
          subscription={subscription}
          plans={plans}
          channels={channels}
        />
      ) : null}
      {actions.has('changePeriod') ? (
        <PeriodDialog open={open === 'period'} onClose={close} subscription={subscription} />
      ) : null}
      {actions.has('cancelRenewal') ? (
        <CancelRenewalDialog open={open === 'cancel'} onClose={close} subscription={subscription} />
      ) : null}
    </>
  );
}
