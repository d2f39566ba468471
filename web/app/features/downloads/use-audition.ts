import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { mediaUrl } from '../../lib/api';
import { usePlayer } from '../player/player-context';

export type Audition = {
  /** The file (DownloadOption.file) being auditioned, while it plays. */
  playing: string | null;
  /** The file last auditioned: its position stays shown while paused. */
  current: string | null;
  position: number;
  duration: number;
  /** A `downloads` text key (audition.failed) when the last audition could not play. */
  error: string | null;
  toggle(key: string, previewId: string, fallbackDuration: number): void;
  seek(seconds: number): void;
  stop(): void;
  audioRef: RefObject<HTMLAudioElement | null>;
  audioHandlers: {
    onTimeUpdate(e: { currentTarget: HTMLAudioElement }): void;
    onLoadedMetadata(e: { currentTarget: HTMLAudioElement }): void;
    onEnded(): void;
    onPause(): void;
    onPlay(): void;
    onError(e: { currentTarget: HTMLAudioElement }): void;
  };
};

// The panel shows it as the `downloads` text of this key, in the page's language.
const AUDITION_FAILED = 'audition.failed';

/**
 * Auditioning a version or stem inside the download control: a small audio element of its own, so
 * the main player keeps its queue and position. Starting an audition pauses the main player (two
 * tracks at once help nobody); starting the main player stops the audition.
 */
export function useAudition(): Audition {
  const player = usePlayer();
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const playingRef = useRef<string | null>(null);
  playingRef.current = playing;

  const stop = useCallback(() => {
    audioRef.current?.pause();
    setPlaying(null);
  }, []);

  // The main player started (its own button, media keys): the audition gives way.
  const mainPlaying = player.state.playing;
  useEffect(() => {
    if (mainPlaying && playingRef.current) stop();
  }, [mainPlaying, stop]);

  useEffect(() => () => audioRef.current?.pause(), []);

  const toggle = useCallback(
    (key: string, previewId: string, fallbackDuration: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (playingRef.current === key) {
        audio.pause();
        setPlaying(null);
        return;
      }
      if (player.state.playing) player.toggle();
      setError(null);
      const src = mediaUrl(previewId);
      if (audio.getAttribute('src') !== src) {
        audio.src = src;
        setPosition(0);
        setDuration(fallbackDuration);
      }
      setCurrent(key);
      setPlaying(key);
      const started = audio.play();
      started?.catch((err: unknown) => {
        if (err instanceof Error && err.name === 'AbortError') return;
        setPlaying(null);
        if (!(err instanceof Error && err.name === 'NotAllowedError')) setError(AUDITION_FAILED);
      });
    },
    [player],
  );

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    try {
      audio.currentTime = Math.max(0, seconds);
      setPosition(audio.currentTime);
    } catch {
      // No metadata yet: nothing to seek in.
    }
  }, []);

  return {
    playing,
    current,
    position,
    duration,
    error,
    toggle,
    seek,
    stop,
    audioRef,
    audioHandlers: {
      onTimeUpdate: (e) => setPosition(e.currentTarget.currentTime),
      onLoadedMetadata: (e) => {
        const d = e.currentTarget.duration;
        if (Number.isFinite(d) && d > 0) setDuration(d);
      },
      onEnded: () => {
        setPlaying(null);
        setPosition(0);
      },
      onPause: () => setPlaying(null),
      onPlay: () => setPlaying((p) => p ?? current),
      onError: (e) => {
        if (!e.currentTarget.getAttribute('src')) return;
        setPlaying(null);
        setError(AUDITION_FAILED);
      },
    },
  };
}
