import { useEffect, useId, useRef, useState } from 'react';
import type { Me } from '@cuewave/contract/account';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { ACCOUNT_PATH, DASHBOARD_PATH, SUBSCRIPTION_PATH } from '../shell/nav-links';
import { useAuth } from './use-auth';
import styles from './account-menu.module.css';

/**
 * The header's account state for a signed-in user (spec §2, §6): a button with the account's
 * initial opening a small panel with the email, Dashboard, Subscription, Account and Log out. A disclosure (not
 * an ARIA menu): links and a button in tab order; Escape or a click outside closes it and returns
 * focus to the button; any navigation closes it.
 */
export function AccountMenu({ me, className }: { me: Me; className?: string }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const { signOut } = useAuth();
  const email = me.account.email;

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={cx(styles.root, className)}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('menu.label', { email })}
        onClick={() => setOpen((v) => !v)}
        data-testid="account-menu-button"
      >
        <span className={styles.avatar} aria-hidden="true">
          {(email[0] ?? '?').toUpperCase()}
        </span>
        <ChevronDown aria-hidden="true" className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} data-testid="account-menu">
        <p className={styles.signedInAs}>
          {t('menu.signedInAs')}
          <span className={styles.email}>{email}</span>
        </p>
        <ul role="list" className={styles.list}>
          <li>
            <Link to={DASHBOARD_PATH} className={styles.item}>
              <LayoutDashboard aria-hidden="true" />
              {t('menu.dashboard')}
            </Link>
          </li>
          <li>
            <Link to={SUBSCRIPTION_PATH} className={styles.item}>
              <BadgeCheck aria-hidden="true" />
              {t('menu.subscription')}
            </Link>
          </li>
          <li>
            <Link to={ACCOUNT_PATH} className={styles.item}>
              <UserRound aria-hidden="true" />
              {t('menu.account')}
            </Link>
          </li>
          <li className={styles.separator}>
            <button
              type="button"
              className={styles.item}
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true);
                void signOut();
              }}
              data-testid="logout"
            >
              <LogOut aria-hidden="true" />
              {signingOut ? t('menu.loggingOut') : t('menu.logOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
