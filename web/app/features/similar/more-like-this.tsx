import { useTranslation } from 'react-i18next';
import { PrefetchLink } from '../../components/ui/prefetch-link';
import { AudioLines } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { cx } from '../../components/ui/cx';
import { useLocalize } from '../catalog/paths';
import { similarPath } from './similar-api';
import styles from './similar.module.css';

export type MoreLikeThisProps = {
  product: Pick<Product, 'type' | 'id' | 'title'>;
  /** icon: a round icon link for rows and the player; button: a labelled pill for the song page. */
  variant?: 'icon' | 'button';
  className?: string;
};

/** "More like this" (Epidemic's "Find similar", Artlist's "similar songs"): opens the sound-alike results. */
export function MoreLikeThis({ product, variant = 'icon', className }: MoreLikeThisProps) {
  const localize = useLocalize();
  const { t } = useTranslation('similar');
  const label = t('moreLike', { title: product.title });
  return (
    <PrefetchLink
      to={localize(similarPath(product))}
      className={cx(variant === 'icon' ? styles.iconLink : styles.pill, className)}
      aria-label={variant === 'icon' ? label : undefined}
      title={label}
      data-testid="more-like-this"
    >
      <AudioLines aria-hidden="true" />
      {variant === 'button' ? <span>{t('moreLikeThis')}</span> : null}
    </PrefetchLink>
  );
}
