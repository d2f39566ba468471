import { usePlayer } from '../player/player-context';
import { useSpaceBarRule } from './space-bar';

/** Installs the space-bar rule; with the player open, space toggles play/pause. */
export function SpaceBarRule() {
  const player = usePlayer();
  useSpaceBarRule(() => {
    if (!player.state.open) return false;
    player.toggle();
    return true;
  });
  return null;
}
