import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Sparkles, X } from 'lucide-react';
import type { SearchEngine } from '@cuewave/contract/search';
import { cx } from '../../components/ui/cx';
import type { HistoryEntry } from './search-history';
import styles from './search-suggestions.module.css';

/**
 * Prompts that show what AI search understands (each one finds music in the demo catalogue). They are
 * queries, not interface texts: the same in every language (AI search reads Polish too, see the last).
 */
export const EXAMPLE_PROMPTS: Array<{ prompt: string; engine: SearchEngine }> = [
  { prompt: 'calm acoustic guitar for a travel vlog', engine: 'ai' },
  { prompt: 'upbeat electronic music for a product launch', engine: 'ai' },
  { prompt: 'fast drum and bass without vocals under two minutes', engine: 'ai' },
  { prompt: 'spokojna muzyka z pianinem do reklamy', engine: 'ai' },
];

export type Suggestion =
  | { kind: 'history'; id: string; entry: HistoryEntry }
  | { kind: 'example'; id: string; prompt: string; engine: SearchEngine };

/** What the suggestion list offers, in order (recent searches first, then examples). */
export function suggestionsFor(history: HistoryEntry[]): Suggestion[] {
  return [
    ...history.map((entry) => ({ kind: 'history' as const, id: `h-${entry.id}`, entry })),
    ...EXAMPLE_PROMPTS.map((example, i) => ({ kind: 'example' as const, id: `x-${i}`, ...example })),
  ];
}

/**
 * Recent searches and example prompts under the empty prompt. Each is a button: arrows move focus
 * through them from the prompt (the overlay's keyboard handler), Enter runs one, and a recent
 * search has its own remove button.
 */
export function SearchSuggestions({
  suggestions,
  historyFailed,
  signedIn,
  onRun,
  onRemove,
  onClear,
  onKeyDown,
}: {
  suggestions: Suggestion[];
  historyFailed: boolean;
  signedIn: boolean;
  onRun: (suggestion: Suggestion) => void;
  onRemove: (entry: HistoryEntry) => void;
  onClear: () => void;
  onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation('search');
  const history = suggestions.filter((s) => s.kind === 'history');
  const examples = suggestions.filter((s) => s.kind === 'example');

  const option = (s: Suggestion) => {
    const label = s.kind === 'history' ? s.entry.prompt : s.prompt;
    return (
      <li key={s.id} className={styles.item}>
        <button
          type="button"
          className={styles.option}
          onClick={() => onRun(s)}
          data-suggestion=""
          data-testid={s.kind === 'history' ? 'history-item' : 'example-prompt'}
        >
          {s.kind === 'history' ? (
            <Clock aria-hidden="true" className={styles.icon} />
          ) : (
            <Sparkles aria-hidden="true" className={styles.icon} />
          )}
          <span className={styles.text}>{label}</span>
          {s.kind === 'history' ? (
            <span className={styles.meta}>
              <span className="visually-hidden">, </span>
              {t(`engineShort.${s.entry.engine}`)} · {s.entry.type === 'sfx' ? t('type.sfx') : t('type.music')}
            </span>
          ) : null}
        </button>
        {s.kind === 'history' ? (
          <button
            type="button"
            className={styles.remove}
            aria-label={t('suggestions.remove', { prompt: s.entry.prompt })}
            onClick={() => onRemove(s.entry)}
            data-testid="history-remove"
          >
            <X aria-hidden="true" />
          </button>
        ) : null}
      </li>
    );
  };

  return (
    <div className={styles.root} data-testid="search-suggestions" onKeyDown={onKeyDown}>
      <section aria-labelledby="search-recent-heading" className={styles.group} data-testid="search-history">
        <div className={styles.groupHead}>
          <h3 id="search-recent-heading" className={styles.heading}>
            {t('suggestions.recent')}
          </h3>
          {history.length ? (
            <button type="button" className={styles.clear} onClick={onClear} data-testid="history-clear">
              {t('suggestions.clear')}
            </button>
          ) : null}
        </div>
        {history.length ? (
          <ul role="list" className={styles.list}>
            {history.map(option)}
          </ul>
        ) : (
          <p className={styles.none} data-testid="history-empty">
            {historyFailed
              ? t('suggestions.failed')
              : signedIn
                ? t('suggestions.emptySignedIn')
                : t('suggestions.emptyVisitor')}
          </p>
        )}
      </section>
      <section aria-labelledby="search-examples-heading" className={styles.group}>
        <h3 id="search-examples-heading" className={cx(styles.heading, styles.examplesHeading)}>
          {t('suggestions.examples')}
        </h3>
        <ul role="list" className={styles.list}>
          {examples.map(option)}
        </ul>
      </section>
    </div>
  );
}
