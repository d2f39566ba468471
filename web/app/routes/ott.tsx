import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { afterSignIn } from '../features/auth/guards';
import { signInWithOtt } from '../features/auth/use-auth';
import { ApiError } from '../lib/api';
import { useEdition } from '../features/shell/edition';
import { Logo } from '../features/shell/logo';
import { requestTexts } from '../i18n/request-texts.server';
import layout from '../layouts/layouts.module.css';
import styles from '../features/auth/auth-forms.module.css';
import type { Route } from './+types/ott';

/**
 * Only the title, in the request's language (meta runs outside React). The token is not touched here:
 * see the component below.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'account').t('ott.metaTitle') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: 'robots', content: 'noindex' },
];

/** Codes already sent in this page's life: the grant is single use, and dev StrictMode runs effects twice. */
const exchanged = new Set<string>();

/**
 * /ott/{token} (spec §2): a one-time sign-in token from an emailed link or a session handed over from
 * another device. It is exchanged in the browser (grant_type=ott), not in a loader, so mail
 * scanners that fetch links without running scripts can't use it up.
 */
export default function Ott() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const edition = useEdition();
  // The page's own texts live with the account's sign-in link (features/account); the frame's with the shell.
  const { t } = useTranslation(['account', 'shell', 'auth']);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || exchanged.has(token)) return;
    started.current = true;
    exchanged.add(token);
    signInWithOtt(token).then(
      (me) => navigate(afterSignIn(me, params.get('returnUrl'), edition), { replace: true }),
      (error: unknown) =>
        setFailure(
          error instanceof ApiError && error.status < 500 ? t('ott.expired') : t('errors.network', { ns: 'auth' }),
        ),
    );
  }, [token, params, navigate, edition, t]);

  return (
    <div className={layout.authPage}>
      <header className={layout.authHeader}>
        <Link to="/" className={layout.brandLink} aria-label={t('home', { ns: 'shell' })}>
          <Logo />
        </Link>
      </header>
      <main id="main" className={layout.authMain}>
        <div className={layout.authCard}>
          {failure ? (
            <div className={styles.root} data-testid="ott-failed">
              <div className={`${styles.badge} ${styles.badgeDanger}`} aria-hidden="true">
                <LinkIcon />
              </div>
              <h1 className={styles.title}>{t('ott.failedTitle')}</h1>
              <p className={styles.subtitle} role="alert">
                {failure}
              </p>
              <div className={styles.actions}>
                <ButtonLink to="/auth/login" size="lg" fullWidth>
                  {t('logIn', { ns: 'shell' })}
                </ButtonLink>
              </div>
            </div>
          ) : (
            <div className={styles.root} aria-busy="true" data-testid="ott-pending">
              <Spinner size="lg" label={null} />
              <h1 className={`${styles.title} ${styles.pendingTitle}`}>{t('ott.pendingTitle')}</h1>
              <p className={styles.subtitle}>{t('ott.pendingText')}</p>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
