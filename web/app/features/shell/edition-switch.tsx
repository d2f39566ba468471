import { Form, useLocation, useRouteLoaderData } from 'react-router';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/ui/cx';
import type { loader as rootLoader } from '../../root';
import { useEdition, type Edition } from './edition';
import styles from './footer.module.css';

const EDITIONS: Edition[] = ['eu', 'us'];

/**
 * The edition the visitor is in: the address says so on pages with a /us variant; elsewhere (the
 * catalogue has one address for both) the remembered choice does.
 */
function useShownEdition(): Edition {
  const fromPath = useEdition();
  const remembered = useRouteLoaderData<typeof rootLoader>('root')?.edition ?? null;
  return fromPath === 'us' ? 'us' : (remembered ?? 'eu');
}

/**
 * "Edition: Europe · United States" (spec §1, decision 053). Each choice posts to /edition, which
 * remembers it for a year and opens the same page in that edition.
 */
export function EditionSwitch() {
  const { t } = useTranslation('shell');
  const { pathname, search, hash } = useLocation();
  const current = useShownEdition();
  return (
    <Form method="post" action="/edition" className={styles.editionSwitch} data-testid="edition-switch">
      <input type="hidden" name="path" value={pathname + search + hash} />
      <span className={styles.editionLabel}>
        <Globe aria-hidden="true" />
        {t('edition.label')}:
      </span>
      {EDITIONS.map((edition, index) => (
        <span key={edition} className={styles.editionItem}>
          {index > 0 ? <span aria-hidden="true">·</span> : null}
          <button
            type="submit"
            name="edition"
            value={edition}
            aria-pressed={current === edition}
            className={cx(styles.editionButton, current === edition && styles.editionCurrent)}
            data-testid={`edition-${edition}`}
          >
            {t(`edition.${edition}`)}
          </button>
        </span>
      ))}
    </Form>
  );
}
