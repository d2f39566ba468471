import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Range } from '../filters';
import styles from './range-filter.module.css';

export type RangeFilterProps = {
  /** e.g. "BPM" or "Duration" — names both handles and inputs. */
  label: string;
  bounds: Range;
  /** undefined ends mean "unset" (the bound). */
  from: number | undefined;
  to: number | undefined;
  step?: number;
  /** How values are shown and read out, e.g. 125 → '2:05'. */
  format?: (value: number) => string;
  /** Unit shown next to the number inputs. */
  unit?: string;
  /** The test ids' stem ("bpm" → bpm-min-slider); the label is translated, so it cannot be one. */
  testId?: string;
  /** Called once the user settles (debounced while dragging or typing). */
  onCommit: (from: number | undefined, to: number | undefined) => void;
  commitDelay?: number;
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * A two-handle range (two native range inputs sharing a track, so keyboard and screen readers work)
 * with labelled number inputs for exact values. Ends left on a bound count as unset (spec §5).
 */
export function RangeFilter({
  label,
  bounds,
  from,
  to,
  step = 1,
  format = String,
  unit,
  testId,
  onCommit,
  commitDelay = 450,
}: RangeFilterProps) {
  const id = useId();
  const { t } = useTranslation('catalog');
  const stem = testId ?? label.toLowerCase();
  const [lo, setLo] = useState(from ?? bounds.from);
  const [hi, setHi] = useState(to ?? bounds.to);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;

  // Follow the URL (e.g. "Clear filters" or back/forward).
  useEffect(() => {
    setLo(from ?? bounds.from);
    setHi(to ?? bounds.to);
  }, [from, to, bounds.from, bounds.to]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function schedule(nextLo: number, nextHi: number, delay = commitDelay) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const a = Math.min(nextLo, nextHi);
      const b = Math.max(nextLo, nextHi);
      commitRef.current(a <= bounds.from ? undefined : a, b >= bounds.to ? undefined : b);
    }, delay);
  }

  function changeLo(value: number) {
    const v = clamp(Math.round(value), bounds.from, hi);
    setLo(v);
    schedule(v, hi);
  }

  function changeHi(value: number) {
    const v = clamp(Math.round(value), lo, bounds.to);
    setHi(v);
    schedule(lo, v);
  }

  const span = bounds.to - bounds.from || 1;
  const track = {
    '--lo': `${((lo - bounds.from) / span) * 100}%`,
    '--hi': `${((hi - bounds.from) / span) * 100}%`,
  } as CSSProperties;

  return (
    <div className={styles.root} role="group" aria-labelledby={`${id}-label`}>
      <div className={styles.head}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        <span className={styles.value} aria-hidden="true">
          {lo <= bounds.from && hi >= bounds.to
            ? t('range.any')
            : `${format(lo)} – ${format(hi)}${hi >= bounds.to ? '+' : ''}`}
        </span>
      </div>

      <div className={styles.slider} style={track}>
        <span className={styles.rail} aria-hidden="true" />
        <span className={styles.fill} aria-hidden="true" />
        <input
          type="range"
          className={styles.thumb}
          min={bounds.from}
          max={bounds.to}
          step={step}
          value={lo}
          // When both thumbs meet at the top end the lower one must be on top to be draggable.
          style={lo > bounds.from + span / 2 ? { zIndex: 2 } : undefined}
          aria-label={t('range.minimum', { label })}
          aria-valuetext={format(lo)}
          onChange={(e) => changeLo(Number(e.currentTarget.value))}
          onPointerUp={() => schedule(lo, hi, 0)}
          data-testid={`${stem}-min-slider`}
        />
        <input
          type="range"
          className={styles.thumb}
          min={bounds.from}
          max={bounds.to}
          step={step}
          value={hi}
          aria-label={t('range.maximum', { label })}
          aria-valuetext={format(hi)}
          onChange={(e) => changeHi(Number(e.currentTarget.value))}
          onPointerUp={() => schedule(lo, hi, 0)}
          data-testid={`${stem}-max-slider`}
        />
      </div>

      <div className={styles.inputs}>
        <NumberField
          label={t('range.fromLabel', { label })}
          visibleLabel={t('range.from')}
          value={lo}
          min={bounds.from}
          max={bounds.to}
          unit={unit}
          onCommit={(v) => {
            const next = clamp(v, bounds.from, bounds.to);
            const nextHi = Math.max(next, hi);
            setLo(next);
            setHi(nextHi);
            schedule(next, nextHi, 0);
          }}
          testId={`${stem}-from`}
        />
        <span className={styles.dash} aria-hidden="true">
          –
        </span>
        <NumberField
          label={t('range.toLabel', { label })}
          visibleLabel={t('range.to')}
          value={hi}
          min={bounds.from}
          max={bounds.to}
          unit={unit}
          onCommit={(v) => {
            const next = clamp(v, bounds.from, bounds.to);
            const nextLo = Math.min(next, lo);
            setHi(next);
            setLo(nextLo);
            schedule(nextLo, next, 0);
          }}
          testId={`${stem}-to`}
        />
      </div>
    </div>
  );
}

/** A number input that commits on Enter or blur, not on every keystroke. */
function NumberField({
  label,
  visibleLabel,
  value,
  min,
  max,
  unit,
  onCommit,
  testId,
}: {
  label: string;
  visibleLabel: string;
  value: number;
  min: number;
  max: number;
  unit?: string;
  onCommit: (value: number) => void;
  testId: string;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  function commit() {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) {
      setText(String(value));
      return;
    }
    if (Math.round(n) !== value) onCommit(Math.round(n));
  }

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {visibleLabel}
      </label>
      <div className={styles.fieldBox}>
        <input
          id={id}
          // The visible label says "From"; the name says which range ("BPM from").
          aria-label={label}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
          className={styles.number}
          data-testid={testId}
        />
        {unit ? (
          <span className={styles.unit} aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </div>
    </div>
  );
}
