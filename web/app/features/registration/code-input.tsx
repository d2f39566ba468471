import { useId, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/ui/cx';
import styles from './code-input.module.css';

export const CODE_LENGTH = 6;

export type CodeInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once all digits are filled in (typed, pasted or autofilled). */
  onComplete?: (value: string) => void;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Receives the first box, so a page can move focus to the field. */
  ref?: Ref<HTMLInputElement>;
  testId?: string;
};

/** Keeps the digits of `text`, at most `max` of them. */
export function digitsOf(text: string, max = CODE_LENGTH): string {
  return text.replace(/\D/g, '').slice(0, max);
}

/**
 * A verification code as six one-digit boxes. Typing moves on, Backspace moves back, and pasting or
 * autofilling the whole code (into any box) fills every box; the full code calls onComplete.
 */
export function CodeInput({
  label,
  value,
  onChange,
  onComplete,
  error,
  hint,
  disabled,
  autoFocus,
  ref,
  testId = 'code-input',
}: CodeInputProps) {
  const { t } = useTranslation('registration');
  const id = useId();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  // The value as of the last change, ahead of the re-render: focus moves before the parent updates.
  const latest = useRef(value);
  latest.current = value;
  const digits = Array.from({ length: CODE_LENGTH }, (_, i) => value[i] ?? '');
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  /** Writes `incoming` digits starting at box `index` and moves focus after them. */
  function fill(index: number, incoming: string) {
    const chars = digits.slice();
    const typed = digitsOf(incoming, CODE_LENGTH - index);
    for (let i = 0; i < typed.length; i++) chars[index + i] = typed[i]!;
    // A gap would make the value ambiguous: keep only the digits before the first empty box.
    const firstGap = chars.indexOf('');
    const next = (firstGap === -1 ? chars : chars.slice(0, firstGap)).join('');
    latest.current = next;
    onChange(next);
    focusBox(index + typed.length);
    if (next.length === CODE_LENGTH && typed.length > 0) onComplete?.(next);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) {
        latest.current = value.slice(0, index);
        onChange(latest.current);
      } else if (index > 0) {
        latest.current = value.slice(0, index - 1);
        onChange(latest.current);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    event.preventDefault();
    if (!digitsOf(text)) return;
    // A whole code pasted anywhere is the whole code.
    fill(digitsOf(text).length >= CODE_LENGTH ? 0 : index, text);
  }

  return (
    <fieldset className={styles.root} disabled={disabled} data-testid={testId}>
      <legend className={styles.label}>{label}</legend>
      <div className={cx(styles.boxes, !!error && styles.invalid)}>
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
              if (index === 0 && ref) {
                if (typeof ref === 'function') ref(el);
                else ref.current = el;
              }
            }}
            className={styles.box}
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && index === 0}
            aria-label={t('code.digit', { number: index + 1, total: CODE_LENGTH })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            // Boxes after the first gap can't be typed into; focus goes to the gap instead.
            onFocus={() => {
              if (index > latest.current.length) focusBox(latest.current.length);
            }}
            onChange={(event) => {
              const raw = event.target.value.replace(/\D/g, '');
              if (!raw) return;
              // Autofill (or a whole code typed fast) replaces the box's value with the full code.
              if (raw.length >= CODE_LENGTH) return fill(0, raw);
              // Typing into a filled box adds to its digit: keep what was typed.
              const typed = digit && raw.length > 1 ? raw.replace(digit, '') || digit : raw;
              fill(Math.min(index, value.length), typed);
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
          />
        ))}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          <AlertCircle aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
