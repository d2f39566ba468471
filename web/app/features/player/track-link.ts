import type { Product } from '@cuewave/contract/catalog';
import { catalogPaths } from '../catalog/paths';

/**
 * Where the player's title links to (decision 053). A song has its own page (/c/song/{id}); a sound
 * effect has no page of its own in spec §2, so it links to the category it is listed in, where its
 * row shows it playing, or to the sound-effects index when it has no category.
 */
export function trackPagePath(product: Pick<Product, 'id' | 'type' | 'categories'>): string {
  if (product.type === 'music') return catalogPaths.song(product.id);
  const category = product.categories[0];
  return category ? catalogPaths.sfxCategory(category.id) : catalogPaths.sfx();
}
