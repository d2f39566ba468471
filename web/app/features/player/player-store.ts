import type { Product } from '@cuewave/contract/catalog';

/**
 * What the player plays: a queue (the list a track was started from) and a position in it.
 * Kept as a pure reducer so the rules are unit-testable; the React context wraps it.
 */
export type PlayerState = {
  queue: Product[];
  index: number;
  playing: boolean;
  open: boolean;
  /** 0..100, spec §4: defaults to 100 */
  volume: number;
};

export const initialPlayerState: PlayerState = { queue: [], index: -1, playing: false, open: false, volume: 100 };

export type PlayerAction =
  | { type: 'play'; queue: Product[]; index: number }
  | { type: 'toggle' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'ended' }
  | { type: 'volume'; volume: number }
  | { type: 'close' };

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'play':
      if (!action.queue[action.index]) return state;
      return { ...state, queue: action.queue, index: action.index, playing: true, open: true };
    case 'toggle':
      return state.open ? { ...state, playing: !state.playing } : state;
    case 'pause':
      return { ...state, playing: false };
    case 'resume':
      return state.open ? { ...state, playing: true } : state;
    case 'next':
      return state.index + 1 < state.queue.length ? { ...state, index: state.index + 1, playing: true } : state;
    case 'previous':
      return state.index > 0 ? { ...state, index: state.index - 1, playing: true } : state;
    case 'ended':
      return state.index + 1 < state.queue.length
        ? { ...state, index: state.index + 1, playing: true }
        : { ...state, playing: false };
    case 'volume':
      return { ...state, volume: Math.max(0, Math.min(100, Math.round(action.volume))) };
    case 'close':
      // Closing clears the current product and its playlist (spec §4, Player).
      return { ...initialPlayerState, volume: state.volume };
  }
}

export const currentTrack = (state: PlayerState): Product | null => state.queue[state.index] ?? null;
