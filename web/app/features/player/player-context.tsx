import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import type { Product } from '@cuewave/contract/catalog';
import { mediaUrl } from '../../lib/api';
import { isPlayerClosingPath } from '../shell/paths';
import { currentTrack, initialPlayerState, playerReducer, type PlayerState } from './player-store';
import { previewFile } from './preview';

/**
 * The player's state and commands. Track rows call `play(items, i)` with the list they belong to,
 * so next / previous walk through that list (spec §4). `play` on the track that is already current
 * resumes it rather than restarting; a play/pause button is `isPlaying(id) ? toggle() : play(items, i)`.
 */
export type PlayerApi = {
  state: PlayerState;
  current: Product | null;
  play(queue: Product[], index: number): void;
  toggle(): void;
  next(): void;
  previous(): void;
  close(): void;
  /** 0..100 */
  setVolume(v: number): void;
  isCurrent(productId: string): boolean;
  isPlaying(productId: string): boolean;
  muted: boolean;
  toggleMute(): void;
  hasNext: boolean;
  hasPrevious: boolean;
};

/** Fast-changing playback data, in its own context so track lists don't re-render 4× a second. */
export type PlayerTime = {
  /** Seconds played of the current track. */
  position: number;
  /** Seconds; the product's duration until the audio's metadata arrives. */
  duration: number;
  /** Waiting for data while meant to be playing. */
  buffering: boolean;
  /** Why the preview can't be played; the bar says it in the page's language (`player` texts, error.*). */
  error: PlayerError | null;
  seek(seconds: number): void;
};

const PlayerContext = createContext<PlayerApi | null>(null);
const PlayerTimeContext = createContext<PlayerTime | null>(null);

export function usePlayer(): PlayerApi {
  const value = useContext(PlayerContext);
  if (!value) throw new Error('usePlayer() must be used inside <PlayerProvider>');
  return value;
}

export function usePlayerTime(): PlayerTime {
  const value = useContext(PlayerTimeContext);
  if (!value) throw new Error('usePlayerTime() must be used inside <PlayerProvider>');
  return value;
}

export type PlayerError = 'load' | 'noPreview';
const LOAD_ERROR: PlayerError = 'load';
const NO_PREVIEW: PlayerError = 'noPreview';

export function PlayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [muted, setMuted] = useState(false);
  const [position, setPosition] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [buffering, setBuffering] = useState(false);
  const [error, setError] = useState<PlayerError | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const current = currentTrack(state);
  const file = current ? previewFile(current) : null;
  const src = file ? mediaUrl(file.id) : null;
  // Re-load even when the same file is queued twice in a row at different positions.
  const trackKey = current ? `${state.index}:${current.id}` : null;

  const { pathname } = useLocation();
  useEffect(() => {
    if (isPlayerClosingPath(pathname)) dispatch({ type: 'close' });
  }, [pathname]);

  // Load the current track's preview.
  useEffect(() => {
    const audio = audioRef.current;
    setPosition(0);
    setMediaDuration(null);
    setBuffering(false);
    setError(null);
    if (!audio) return;
    if (!src) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      if (trackKey) setError(NO_PREVIEW);
      return;
    }
    audio.src = src;
    audio.load();
    // trackKey, not src: replaying the same file at another queue position starts it afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trackKey]);

  // Play or pause to match the state.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !src) return;
    if (state.playing) {
      const promise = audio.play();
      // jsdom and old browsers return undefined.
      promise?.catch((err: unknown) => {
        const name = err instanceof Error ? err.name : '';
        if (name === 'AbortError') return; // superseded by a newer load
        dispatch({ type: 'pause' });
        if (name !== 'NotAllowedError') setError(LOAD_ERROR);
      });
    } else {
      audio.pause();
    }
  }, [state.playing, trackKey, src]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = state.volume / 100;
    audio.muted = muted;
  }, [state.volume, muted]);

  useEffect(() => {
    document.body.dataset.playerOpen = state.open ? 'true' : 'false';
  }, [state.open]);

  const play = useCallback((queue: Product[], index: number) => dispatch({ type: 'play', queue, index }), []);
  const toggle = useCallback(() => dispatch({ type: 'toggle' }), []);
  const next = useCallback(() => dispatch({ type: 'next' }), []);
  const previous = useCallback(() => dispatch({ type: 'previous' }), []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  const setVolume = useCallback((volume: number) => {
    dispatch({ type: 'volume', volume });
    if (volume > 0) setMuted(false);
  }, []);
  const toggleMute = useCallback(() => setMuted((m) => !m), []);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const limit = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Infinity;
    const target = Math.max(0, Math.min(seconds, limit));
    try {
      audio.currentTime = target;
    } catch {
      // Not seekable yet (no metadata): ignore, the UI keeps the old position.
      return;
    }
    setPosition(target);
  }, []);

  const duration = mediaDuration ?? current?.duration ?? 0;

  useMediaSession(current, state.playing, { toggle, next, previous, close, seek }, position, duration);

  const api = useMemo<PlayerApi>(
    () => ({
      state,
      current,
      play,
      toggle,
      next,
      previous,
      close,
      setVolume,
      isCurrent: (productId: string) => current?.id === productId,
      isPlaying: (productId: string) => current?.id === productId && state.playing,
      muted,
      toggleMute,
      hasNext: state.index + 1 < state.queue.length,
      hasPrevious: state.index > 0,
    }),
    [state, current, play, toggle, next, previous, close, setVolume, muted, toggleMute],
  );

  const time = useMemo<PlayerTime>(
    () => ({ position, duration, buffering, error, seek }),
    [position, duration, buffering, error, seek],
  );

  return (
    <PlayerContext.Provider value={api}>
      <PlayerTimeContext.Provider value={time}>
        {children}
        <audio
          ref={audioRef}
          preload="metadata"
          data-testid="player-audio"
          aria-hidden="true"
          onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
          onLoadedMetadata={(e) => {
            const d = e.currentTarget.duration;
            if (Number.isFinite(d) && d > 0) setMediaDuration(d);
          }}
          onDurationChange={(e) => {
            const d = e.currentTarget.duration;
            if (Number.isFinite(d) && d > 0) setMediaDuration(d);
          }}
          onWaiting={() => setBuffering(true)}
          onPlaying={() => {
            setBuffering(false);
            setError(null);
          }}
          onCanPlay={() => setBuffering(false)}
          onPlay={() => {
            // Started from outside React (browser media controls): follow it.
            if (!stateRef.current.playing) dispatch({ type: 'resume' });
          }}
          onPause={(e) => {
            const audio = e.currentTarget;
            if (!audio.ended && !audio.error && stateRef.current.playing) dispatch({ type: 'pause' });
          }}
          onEnded={() => dispatch({ type: 'ended' })}
          onError={(e) => {
            // An <audio> with no src also reports an error; only a real track's failure matters.
            if (!e.currentTarget.getAttribute('src')) return;
            setBuffering(false);
            setError(LOAD_ERROR);
            dispatch({ type: 'pause' });
          }}
        />
      </PlayerTimeContext.Provider>
    </PlayerContext.Provider>
  );
}

type SessionActions = {
  toggle(): void;
  next(): void;
  previous(): void;
  close(): void;
  seek(seconds: number): void;
};

/** Media Session API: lock-screen / hardware-key metadata and controls. */
function useMediaSession(
  current: Product | null,
  playing: boolean,
  actions: SessionActions,
  position: number,
  duration: number,
) {
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const positionRef = useRef(position);
  positionRef.current = position;
  const supported = typeof navigator !== 'undefined' && 'mediaSession' in navigator;

  useEffect(() => {
    if (!supported) return;
    const session = navigator.mediaSession;
    if (!current) {
      session.metadata = null;
      session.playbackState = 'none';
      return;
    }
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({
        title: current.title,
        artist: current.artist.name,
        album: 'Cuewave',
        artwork: current.cover
          ? [{ src: new URL(mediaUrl(current.cover), window.location.origin).href, sizes: '512x512' }]
          : [],
      });
    }
  }, [current, supported]);

  useEffect(() => {
    if (!supported) return;
    navigator.mediaSession.playbackState = current ? (playing ? 'playing' : 'paused') : 'none';
  }, [playing, current, supported]);

  useEffect(() => {
    if (!supported) return;
    const session = navigator.mediaSession;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => actionsRef.current.toggle()],
      ['pause', () => actionsRef.current.toggle()],
      ['nexttrack', () => actionsRef.current.next()],
      ['previoustrack', () => actionsRef.current.previous()],
      ['stop', () => actionsRef.current.close()],
      ['seekto', (d) => d.seekTime !== undefined && actionsRef.current.seek(d.seekTime)],
      ['seekbackward', (d) => actionsRef.current.seek(positionRef.current - (d.seekOffset ?? 10))],
      ['seekforward', (d) => actionsRef.current.seek(positionRef.current + (d.seekOffset ?? 10))],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // The browser doesn't support this action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
    };
  }, [supported]);

  useEffect(() => {
    if (!supported || !current || !(duration > 0)) return;
    try {
      navigator.mediaSession.setPositionState?.({
        duration,
        position: Math.min(position, duration),
        playbackRate: 1,
      });
    } catch {
      // Invalid state during a track switch.
    }
  }, [supported, current, duration, position]);
}
