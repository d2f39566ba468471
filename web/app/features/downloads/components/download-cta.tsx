import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { useLocalizedPath } from '../../shell/edition';
import { downloadCta, type DownloadAccess } from '../access';
import styles from './download-cta.module.css';

/**
 * What someone who may not download is asked to do instead: the call to action for their state
 * (visitor, trial over, payment pending …; see access.ts). Signing in comes back to this page.
 */
export function DownloadCtaCard({
  access,
  compact,
  onNavigate,
}: {
  access: Exclude<DownloadAccess, { kind: 'allowed' }>;
  compact?: boolean;
  /** Called when a link is followed (a dialog closes itself). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('downloads');
  const { pathname, search } = useLocation();
  const localized = useLocalizedPath();
  const cta = downloadCta(access, pathname + search, t);
  return (
    <div className={cx(styles.card, compact && styles.compact)} data-testid="download-cta" data-kind={access.kind}>
      <span className={styles.icon} aria-hidden="true">
        <Lock />
      </span>
      <div className={styles.text}>
        <p className={styles.title}>{cta.title}</p>
        <p className={styles.body}>{cta.body}</p>
      </div>
      <div className={styles.actions}>
        <ButtonLink to={localized(cta.primary.to)} onClick={onNavigate} data-testid="download-cta-primary">
          {cta.primary.label}
        </ButtonLink>
        {cta.secondary ? (
          <ButtonLink to={localized(cta.secondary.to)} variant="secondary" onClick={onNavigate}>
            {cta.secondary.label}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
