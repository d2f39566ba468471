import { useTranslation } from 'react-i18next';
import { Pause, Play } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { Button } from '../../../components/ui/button';
import { usePlayer } from '../../player/player-context';

/**
 * Plays a whole list from its first track; while that list is playing, pauses it.
 * "That list" = the player's queue is this list (same first track and length).
 */
export function PlayAllButton({ items, label }: { items: Product[]; label?: string }) {
  const player = usePlayer();
  const { t } = useTranslation('catalog');
  const queue = player.state.queue;
  const isThisList = queue.length === items.length && queue[0]?.id === items[0]?.id && !!player.current;
  const playing = isThisList && player.state.playing;
  if (!items.length) return null;
  return (
    <Button
      size="lg"
      icon={playing ? <Pause fill="currentColor" /> : <Play fill="currentColor" />}
      onClick={() => (isThisList ? player.toggle() : player.play(items, 0))}
      data-testid="play-all"
    >
      {playing ? t('playAll.pause') : isThisList ? t('playAll.resume') : (label ?? t('playAll.play'))}
    </Button>
  );
}
