import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, Clapperboard, Sparkles, Type } from 'lucide-react';
import type { SearchEngine } from '@cuewave/contract/search';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { MOBILE_QUERY } from '../../components/ui/breakpoints';
import { cx } from '../../components/ui/cx';
import styles from './engine-picker.module.css';

type PickerEngine = SearchEngine | 'video';

/** Its label, short label (the button on a phone) and hint are `engine.<id>.*` in the `search` texts. */
type EngineOption = {
  id: PickerEngine;
  icon: typeof Sparkles;
  /** Shown but not choosable. */
  disabled?: boolean;
};

/** The search types of spec §3, in the picker's order. */
export const ENGINE_OPTIONS: EngineOption[] = [
  { id: 'ai', icon: Sparkles },
  { id: 'standard', icon: Type },
  { id: 'video', icon: Clapperboard },
];

export type EnginePickerProps = {
  value: SearchEngine;
  onChange: (engine: SearchEngine) => void;
  /** Told when the mobile sheet opens or closes (the overlay pauses its own focus trap meanwhile). */
  onSheetChange?: (open: boolean) => void;
  /** "Video match" was chosen: it opens the video upload rather than switching the text engine. */
  onVideo?: () => void;
  /** The video upload is open: the button shows "Video match". */
  videoActive?: boolean;
};

/**
 * The search type picker (spec §2): a dropdown (listbox) on desktop, a bottom sheet on mobile.
 * Arrow keys move, Enter or Space choose, Escape closes and returns focus to the button.
 */
export function EnginePicker({ value, onChange, onSheetChange, onVideo, videoActive }: EnginePickerProps) {
  const [open, setOpen] = useState<'menu' | 'sheet' | null>(null);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const { t } = useTranslation('search');
  const shown: PickerEngine = videoActive ? 'video' : value;
  const current = ENGINE_OPTIONS.find((o) => o.id === shown)!;
  const Icon = current.icon;

  useEffect(() => {
    onSheetChange?.(open === 'sheet');
  }, [open, onSheetChange]);

  useEffect(() => {
    if (open !== 'menu') return;
    listRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function show() {
    setActive(ENGINE_OPTIONS.findIndex((o) => o.id === shown));
    const mobile = typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches;
    setOpen(mobile ? 'sheet' : 'menu');
  }

  function choose(option: EngineOption) {
    if (option.disabled) return;
    if (option.id !== 'video') onChange(option.id);
    else onVideo?.();
    setOpen(null);
    buttonRef.current?.focus();
  }

  function onListKeyDown(event: ReactKeyboardEvent) {
    const last = ENGINE_OPTIONS.length - 1;
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, last));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(last);
    else if (event.key === 'Enter' || event.key === ' ') choose(ENGINE_OPTIONS[active]!);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(null);
      if (event.key === 'Escape') buttonRef.current?.focus();
      // Escape closes the menu only, not the overlay around it.
      if (event.key === 'Escape') event.stopPropagation();
      if (event.key === 'Tab') return;
    } else return;
    event.preventDefault();
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-haspopup={open === 'sheet' ? 'dialog' : 'listbox'}
        aria-expanded={open !== null}
        aria-controls={open === 'menu' ? `${id}-list` : undefined}
        onClick={() => (open ? setOpen(null) : show())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            show();
          }
        }}
        data-testid="engine-picker"
        data-engine={shown}
      >
        <Icon aria-hidden="true" className={styles.icon} />
        <span className="visually-hidden">{t('engine.typeLabel')}: </span>
        <span className={styles.long}>{t(`engine.${current.id}.label`)}</span>
        <span className={styles.short}>{t(`engine.${current.id}.short`)}</span>
        <ChevronDown aria-hidden="true" className={styles.chevron} />
      </button>

      {open === 'menu' ? (
        <ul
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          aria-label={t('engine.typeLabel')}
          tabIndex={-1}
          className={styles.menu}
          aria-activedescendant={`${id}-${ENGINE_OPTIONS[active]!.id}`}
          onKeyDown={onListKeyDown}
          data-testid="engine-menu"
        >
          {ENGINE_OPTIONS.map((option, index) => (
            <EngineItem
              key={option.id}
              id={`${id}-${option.id}`}
              option={option}
              selected={option.id === shown}
              active={index === active}
              onChoose={() => choose(option)}
              onHover={() => setActive(index)}
            />
          ))}
        </ul>
      ) : null}

      <BottomSheet
        open={open === 'sheet'}
        onClose={() => setOpen(null)}
        title={t('engine.typeLabel')}
        data-testid="engine-sheet"
      >
        <div role="radiogroup" aria-label={t('engine.typeLabel')} className={styles.sheetList}>
          {ENGINE_OPTIONS.map((option) => {
            const OptionIcon = option.icon;
            const selected = option.id === shown;
            return (
              <button
                key={option.id}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-disabled={option.disabled || undefined}
                className={cx(styles.sheetOption, selected && styles.selected, option.disabled && styles.disabled)}
                onClick={() => choose(option)}
                data-testid={`engine-option-${option.id}`}
              >
                <OptionIcon aria-hidden="true" className={styles.optionIcon} />
                <span className={styles.text}>
                  <span className={styles.label}>{t(`engine.${option.id}.label`)}</span>
                  <span className={styles.hint}>{t(`engine.${option.id}.hint`)}</span>
                </span>
                {selected ? <Check aria-hidden="true" className={styles.check} /> : null}
              </button>
            );
          })}
        </div>
      </BottomSheet>
    </div>
  );
}

function EngineItem({
  id,
  option,
  selected,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  option: EngineOption;
  selected: boolean;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  const Icon = option.icon;
  const { t } = useTranslation('search');
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      aria-disabled={option.disabled || undefined}
      className={cx(
        styles.option,
        active && styles.active,
        selected && styles.selected,
        option.disabled && styles.disabled,
      )}
      onClick={onChoose}
      onPointerMove={onHover}
      data-testid={`engine-option-${option.id}`}
    >
      <Icon aria-hidden="true" className={styles.optionIcon} />
      <span className={styles.text}>
        <span className={styles.label}>{t(`engine.${option.id}.label`)}</span>
        <span className={styles.hint}>{t(`engine.${option.id}.hint`)}</span>
      </span>
      {selected ? <Check aria-hidden="true" className={styles.check} /> : null}
    </li>
  );
}
