import { useTranslation } from 'react-i18next';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatClock } from './preview';
import styles from './waveform.module.css';

/** Seconds moved by one arrow-key press on the waveform slider. */
export const SEEK_STEP = 5;

export type WaveformProps = {
  /** Peaks 0..100, one bar each (the song page has 160 per file, listings 120 for the version shown). */
  peaks: readonly number[];
  position: number;
  duration: number;
  onSeek: (seconds: number) => void;
  label?: string;
  disabled?: boolean;
};

/**
 * The track's waveform as bars, the played part coloured; it is also the seek control
 * (role="slider": click or drag to seek, arrows ±5 s, Page keys ±10 %, Home / End).
 */
export function Waveform({ peaks, position, duration, onSeek, label, disabled }: WaveformProps) {
  const { t } = useTranslation('player');
  const clipId = useId();
  const gradientId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const bars = useMemo(() => (peaks.length ? peaks : FLAT), [peaks]);
  const count = bars.length;
  const progress = duration > 0 ? Math.min(1, Math.max(0, position / duration)) : 0;

  function fractionAt(clientX: number): number {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (disabled || duration <= 0 || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    onSeek(fractionAt(event.clientX) * duration);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const fraction = fractionAt(event.clientX);
    setHover(fraction);
    if (dragging && duration > 0) onSeek(fraction * duration);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled || duration <= 0) return;
    const big = duration / 10;
    const moves: Record<string, number> = {
      ArrowRight: position + SEEK_STEP,
      ArrowUp: position + SEEK_STEP,
      ArrowLeft: position - SEEK_STEP,
      ArrowDown: position - SEEK_STEP,
      PageUp: position + big,
      PageDown: position - big,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.max(0, Math.min(duration, target)));
  }

  const width = count;
  return (
    <div
      ref={ref}
      className={styles.root}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label ?? t('seekOnly')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(position)}
      aria-valuetext={`${formatClock(position)} of ${formatClock(duration)}`}
      aria-disabled={disabled || undefined}
      data-testid="player-waveform"
      data-dragging={dragging || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
      onPointerLeave={() => setHover(null)}
      onKeyDown={onKeyDown}
    >
      <svg className={styles.svg} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" x2="1" y1="0" y2="0">
            <stop offset="0%" stopColor="#9b82ff" />
            <stop offset="55%" stopColor="#6f93ff" />
            <stop offset="100%" stopColor="#2fe0c6" />
          </linearGradient>
          <clipPath id={clipId}>
            <rect x="0" y="0" width={progress * width} height="100" />
          </clipPath>
        </defs>
        <Bars bars={bars} className={styles.base} />
        {hover !== null && !disabled ? (
          <rect x="0" y="0" width={hover * width} height="100" className={styles.hoverShade} />
        ) : null}
        <g clipPath={`url(#${clipId})`}>
          <Bars bars={bars} fill={`url(#${gradientId})`} />
        </g>
      </svg>
      {hover !== null && duration > 0 && !disabled ? (
        <span className={styles.tooltip} style={{ left: `${hover * 100}%` }} aria-hidden="true">
          {formatClock(hover * duration)}
        </span>
      ) : null}
    </div>
  );
}

const FLAT: readonly number[] = Array.from({ length: 160 }, () => 8);

function Bars({ bars, className, fill }: { bars: readonly number[]; className?: string; fill?: string }) {
  return (
    <g className={className} fill={fill}>
      {bars.map((value, i) => {
        const h = Math.max(6, Math.min(100, value));
        return <rect key={i} x={i + 0.18} y={(100 - h) / 2} width={0.64} height={h} rx={0.3} />;
      })}
    </g>
  );
}
