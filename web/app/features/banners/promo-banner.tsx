import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Baby, Copy, Egg, Flag, Flower2, Laugh, Music, Orbit, Sun, X } from 'lucide-react';
import type { ActiveBanner, BannerVariant } from '@cuewave/contract/banners';
import { cx } from '../../components/ui/cx';
import { useToast } from '../../components/ui/toast';
import { useLocalizedPath } from '../shell/edition';
import { bannerCopy } from './banner-copy';
import { dismissCookie } from './banner-state';
import styles from './promo-banner.module.css';

const ICONS: Record<BannerVariant, ReactNode> = {
  womensDay: <Flower2 />,
  aprilsFool: <Laugh />,
  easter: <Egg />,
  starWars: <Orbit />,
  childrensDay: <Baby />,
  musicDay: <Music />,
  midSummer: <Sun />,
  usLaunch: <Flag />,
};

/**
 * Root shell slot 2 (spec §2): the seasonal offer with its code (decision 072). Copy puts the code on
 * the clipboard; "See plans" opens the price page with the code kept for the checkout; closing it is
 * remembered in a cookie, so neither this page nor the next server render shows it again.
 */
export function PromoBanner({ banner }: { banner: ActiveBanner | null }) {
  const { t, i18n } = useTranslation('banners');
  const toast = useToast();
  const localized = useLocalizedPath();
  const [closed, setClosed] = useState<string | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  if (!banner || closed === banner.id) return null;
  const copy = bannerCopy(banner, t, i18n.language);

  async function copyCode(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      // Spec §8: 'Code successfully copied'.
      toast.success(t('copied'));
    } catch {
      // No clipboard (an insecure origin, a denied permission): select the code so it can be copied by hand.
      const node = codeRef.current;
      const selection = window.getSelection();
      if (node && selection) selection.selectAllChildren(node);
      toast.error(t('copyFailed'));
    }
  }

  function dismiss(id: string) {
    document.cookie = dismissCookie(document.cookie, id, window.location.protocol === 'https:');
    setClosed(id);
    // Focus was on the close button, which is gone: move it to the page's heading, next in reading
    // order (as the dashboard does between sections), so keyboard users are not dropped at the top.
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (target) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
  }

  return (
    <aside
      className={cx(styles.banner, styles[banner.variant])}
      aria-label={t('region', { occasion: copy.occasion })}
      data-testid="promo-banner"
      data-variant={banner.variant}
    >
      <div className={styles.inner}>
        <div className={styles.art} aria-hidden="true">
          <span className={styles.icon}>{ICONS[banner.variant]}</span>
          <span className={styles.figure}>{copy.figure}</span>
        </div>
        <p className={styles.text}>
          <strong className={styles.occasion}>{copy.occasion}:</strong>{' '}
          <span className={styles.offer}>{copy.offer}.</span> <span className={styles.line}>{copy.line}</span>{' '}
          <span className={styles.until}>{copy.until}.</span>
        </p>
        <div className={styles.actions}>
          <span className={styles.code}>
            <span className="visually-hidden">{t('code')} </span>
            <code ref={codeRef} data-testid="promo-code">
              {banner.code}
            </code>
            <button
              type="button"
              className={styles.copy}
              onClick={() => void copyCode(banner.code)}
              aria-label={t('copyLabel', { code: banner.code })}
              data-testid="promo-copy"
            >
              <Copy aria-hidden="true" />
              <span className={styles.copyLabel}>{t('copy')}</span>
            </button>
          </span>
          <Link
            to={`${localized('/licenses')}?coupon=${encodeURIComponent(banner.code)}`}
            className={styles.cta}
            data-testid="promo-plans"
          >
            {t('plans')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <button
          type="button"
          className={styles.close}
          onClick={() => dismiss(banner.id)}
          aria-label={t('close', { occasion: copy.occasion })}
          data-testid="promo-dismiss"
        >
          <X aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
