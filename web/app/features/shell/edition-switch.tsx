import { Form, useLocation, useRouteLoaderData } from 'react-router';
import { Globe } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import type { loader as rootLoader } from '../../root';
import { useEdition, type Edition } from './edition';
import styles from './footer.module.css';

const EDITIONS: Array<{ edition: Edition; label: string }> = [
  { edition: 'eu', label: 'Europe' },
  { edition: 'us', label: 'United States' },
];

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
  const { pathname, search, hash } = useLocation();
  const current = useShownEdition();
  return (
    <Form method="post" action="/edition" className={styles.editionSwitch} data-testid="edition-switch">
      <input type="hidden" name="path" value={pathname + search + hash} />
      <span className={styles.editionLabel}>
        <Globe aria-hidden="true" />
        Edition:
      </span>
      {EDITIONS.map(({ edition, label }, index) => (
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
            {label}
          </button>
        </span>
      ))}
    </Form>
  );
}
