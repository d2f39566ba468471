import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@cuewave/contract/catalog';
import { lazyPart } from '../../components/ui/lazy-part';
import { usePlayer } from './player-context';
import styles from './player-bar.module.css';

// The bar's controls load with the first track played, not with every page (issue 15). The audio itself
// plays from the provider, so the first note never waits for them.
const PlayerBarTrack = lazyPart(() => import('./player-bar-track').then((m) => m.PlayerBarTrack));

/** Loads the bar's controls ahead of the first track: after it, the bar renders them without a wait. */
export const preloadPlayerBar = PlayerBarTrack.preload;

/**
 * The audio player bar, fixed to the bottom of the viewport. It slides in when a track is played
 * and out when closed; while closed it is inert so keyboard focus can't reach it.
 */
export function PlayerBar() {
  const player = usePlayer();
  const { state, current } = player;
  const { t } = useTranslation('player');

  // Keep showing the last track while the bar slides out.
  const lastRef = useRef<Product | null>(null);
  if (current) lastRef.current = current;
  const product = current ?? lastRef.current;
  const open = state.open && !!current;

  return (
    <section
      className={styles.bar}
      data-open={open}
      aria-label={t('label')}
      aria-hidden={!open || undefined}
      inert={!open}
      data-testid="player"
    >
      {product ? <PlayerBarTrack product={product} /> : null}
    </section>
  );
}
