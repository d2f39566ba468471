import type { Me } from '@cuewave/contract/account';
import { useTranslation } from 'react-i18next';
import { ButtonLink, type ButtonSize } from '../../components/ui/button';
import { useReturningCustomer } from '../registration/returning-customer';
import { CHOOSE_PLAN_PATH } from '../subscription/paths';
import { useLocalizedPath } from './edition';
import { FINISH_SIGNUP_PATH } from './nav-links';

export type RegistrationActionLinkProps = {
  me: Me;
  size?: ButtonSize;
  className?: string;
  /** In the burger menu: test ids of its own, as the header's stays on the page behind it. */
  inMenu?: boolean;
};

/**
 * The header's and burger menu's call to action for a user still in the registration order: a new
 * registrant finishes signing up; a returning customer (plan ended or cancelled, decision 051),
 * who signed up long ago, chooses a plan. Nothing while it is not known which (see
 * useReturningCustomer): a wrong label for a moment would be worse than the button arriving late.
 */
export function RegistrationActionLink({ me, size, className, inMenu }: RegistrationActionLinkProps) {
  const { t } = useTranslation('shell');
  const returning = useReturningCustomer(me);
  const localized = useLocalizedPath();
  if (!me.registrationStep || returning === null) return null;
  return returning ? (
    <ButtonLink
      to={localized(CHOOSE_PLAN_PATH)}
      variant="primary"
      size={size}
      className={className}
      data-testid={inMenu ? 'menu-choose-plan' : 'header-choose-plan'}
    >
      {t('registration.choosePlan')}
    </ButtonLink>
  ) : (
    <ButtonLink
      to={FINISH_SIGNUP_PATH}
      variant="primary"
      size={size}
      className={className}
      data-testid={inMenu ? 'menu-finish-signup' : 'finish-signup'}
    >
      {t('registration.finishSignup')}
    </ButtonLink>
  );
}
