import { memo, useId, useMemo, type MouseEvent } from 'react';
import { resamplePeaks } from '@cuewave/contract/waveform';
import { cx } from '../../../components/ui/cx';
import { usePlayerTime } from '../../player/player-context';
import styles from './row-waveform.module.css';

/** All bars as one SVG path (one node instead of dozens per row). */
function barsPath(bars: number[]): string {
  return bars
    .map((value, i) => {
      const h = Math.max(8, value);
      return `M${i + 0.2} ${(100 - h) / 2}h0.6v${h}h-0.6z`;
    })
    .join('');
}

export type RowWaveformProps = {
  peaks: readonly number[];
  /** Whether this row's track is the player's current one: only then is progress drawn. */
  current: boolean;
  /** A click on a row that isn't current starts its track. */
  onPlay: () => void;
  bars?: number;
  className?: string;
};

/**
 * The compact waveform of a track row: click to play, or to seek when the track is current.
 * Pointer-only (the row's play button is the keyboard control), so it is hidden from assistive
 * technology.
 */
export const RowWaveform = memo(function RowWaveform({
  peaks,
  current,
  onPlay,
  bars = 72,
  className,
}: RowWaveformProps) {
  const d = useMemo(() => barsPath(resamplePeaks(peaks.length ? peaks : FLAT, bars)), [peaks, bars]);
  return (
    <div className={cx(styles.root, current && styles.current, className)} onClick={onPlay} aria-hidden="true">
      <svg className={styles.svg} viewBox={`0 0 ${bars} 100`} preserveAspectRatio="none" focusable="false">
        <path d={d} className={styles.base} />
      </svg>
      {current ? <Progress d={d} width={bars} /> : null}
    </div>
  );
});

/** Only the current row subscribes to the player clock. */
function Progress({ d, width }: { d: string; width: number }) {
  const { position, duration, seek } = usePlayerTime();
  const clipId = useId();
  const progress = duration > 0 ? Math.min(1, Math.max(0, position / duration)) : 0;

  function onClick(event: MouseEvent<HTMLDivElement>) {
    event.stopPropagation();
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width > 0 && duration > 0) seek(((event.clientX - rect.left) / rect.width) * duration);
  }

  return (
    <div
      className={styles.overlay}
      onClick={onClick}
      data-testid="row-waveform-progress"
      data-progress={progress.toFixed(3)}
    >
      <svg className={styles.svg} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" focusable="false">
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width={progress * width} height="100" />
          </clipPath>
        </defs>
        <path d={d} className={styles.played} clipPath={`url(#${clipId})`} />
      </svg>
    </div>
  );
}

const FLAT: readonly number[] = Array.from({ length: 72 }, () => 10);
