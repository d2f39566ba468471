import { useTranslation } from 'react-i18next';
import type { Category } from '@cuewave/contract/catalog';
import { ChipLink } from '../../../components/ui/chip';
import { catalogPaths, useLocalize } from '../paths';
import styles from './subgenre-chips.module.css';

/** "All" plus one chip per subgenre; the current one is marked (aria-current="page"). */
export function SubgenreChips({ genre, current }: { genre: Category; current: string }) {
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  if (!genre.children.length) return null;
  return (
    <nav aria-label={t('categoryCard.subgenres', { name: genre.name })} className={styles.root}>
      <ul role="list" className={styles.list}>
        <li>
          <ChipLink to={localize(catalogPaths.genre(genre.id))} selected={current === 'all'} preventScrollReset>
            {t('subgenreChips.all', { name: genre.name })}
          </ChipLink>
        </li>
        {genre.children.map((sub) => (
          <li key={sub.id}>
            <ChipLink
              to={localize(catalogPaths.subgenre(genre.id, sub.id))}
              selected={current === sub.id}
              data-testid="subgenre-chip"
              preventScrollReset
            >
              {sub.name}
            </ChipLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
