import { forwardRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { AlertTriangle, ChevronLeft, ChevronRight, RotateCcw, SearchX, Sparkles } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import {
  SEARCH_PAGE_SIZE,
  type SearchChip,
  type SearchExplanation,
  type SearchResponse,
} from '@cuewave/contract/search';
import { Button } from '../../components/ui/button';
import { RemovableChip } from '../../components/ui/chip';
import { cx } from '../../components/ui/cx';
import { EmptyState } from '../../components/ui/empty-state';
import { pageWindow, showingText } from '../catalog/components/pager';
import { TrackListSkeleton } from '../catalog/components/track-list';
import { TrackRow } from '../catalog/components/track-row';
import { pageCount, type SearchState } from './search-state';
import type { SearchFailure } from './use-search-results';
import { CloseIn } from '../similar/close-in';
import styles from './search-results.module.css';

/** The AI chips read from the prompt: removing one sends its id in `ignore` (the words then count by meaning only). */
export function PromptChips({
  chips,
  ignored,
  onRemove,
  onRestore,
}: {
  chips: SearchChip[];
  ignored: number;
  onRemove: (chip: SearchChip) => void;
  onRestore: () => void;
}) {
  if (!chips.length && !ignored) return null;
  return (
    <div className={styles.chipsRow} data-testid="search-chips">
      <span className={styles.chipsLabel}>
        <Sparkles aria-hidden="true" />
        Understood as
      </span>
      <ul role="list" className={styles.chips} aria-label="Filters read from your prompt">
        {chips.map((chip) => (
          <li key={chip.id}>
            <RemovableChip
              size="sm"
              onRemove={() => onRemove(chip)}
              removeLabel={`Remove “${chip.label}” (from “${chip.words}”)`}
              className={styles.promptChip}
            >
              <span title={`From “${chip.words}”`} data-testid="search-chip" data-chip-id={chip.id}>
                {chip.label}
              </span>
            </RemovableChip>
          </li>
        ))}
      </ul>
      {ignored > 0 ? (
        <button type="button" className={styles.restore} onClick={onRestore} data-testid="search-chips-restore">
          <RotateCcw aria-hidden="true" />
          Restore {ignored === 1 ? 'the removed filter' : `${ignored} removed filters`}
        </button>
      ) : null}
    </div>
  );
}

/** "Why it matched", compact and literal: the prompt's filters this track meets, and its closest words. */
export function MatchReason({ explanation, chips }: { explanation: SearchExplanation; chips: SearchChip[] }) {
  const met = explanation.chips
    .map((id) => chips.find((chip) => chip.id === id)?.label)
    .filter((label): label is string => !!label);
  const words = explanation.closest.slice(0, 3);
  if (!met.length && !words.length) return null;
  const full = [
    met.length ? `Matches ${met.join(' · ')}` : '',
    words.length ? `close to ${words.map((w) => `“${w}”`).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' — ');
  return (
    <span className={styles.reason} title={full} data-testid="match-reason">
      {met.length ? (
        <span>
          <span className={styles.reasonKey}>Matches</span> {met.join(' · ')}
        </span>
      ) : null}
      {met.length && words.length ? <span aria-hidden="true"> — </span> : null}
      {words.length ? (
        <span>
          <span className={styles.reasonKey}>close to</span> {words.map((w) => `“${w}”`).join(', ')}
        </span>
      ) : null}
    </span>
  );
}

export type ResultListProps = {
  items: Product[];
  response: SearchResponse;
  /** The rows answer an older state while a newer one loads. */
  stale: boolean;
  onKeyDown: (event: ReactKeyboardEvent<HTMLUListElement>) => void;
};

/** The result rows: track rows that play in the player (the page is the queue), with hearts and downloads. */
export const ResultList = forwardRef<HTMLUListElement, ResultListProps>(function ResultList(
  { items, response, stale, onKeyDown },
  ref,
) {
  return (
    <ul
      ref={ref}
      role="list"
      aria-label="Search results"
      className={cx(styles.rows, stale && styles.stale)}
      onKeyDown={onKeyDown}
      data-testid="search-results"
      data-engine={response.engine}
    >
      {items.map((product, index) => {
        const explanation = response.explanations[product.id];
        return (
          <TrackRow
            key={product.id}
            product={product}
            queue={items}
            index={index}
            priority={index < 4}
            detail={
              explanation?.closeIn ? (
                <CloseIn qualities={explanation.closeIn} />
              ) : explanation ? (
                <MatchReason explanation={explanation} chips={response.chips} />
              ) : undefined
            }
          />
        );
      })}
    </ul>
  );
});

export function ResultsSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <TrackListSkeleton rows={8} />
    </div>
  );
}

/** Nothing found: say so, and offer the ways out that apply. */
export function NoResults({
  state,
  filtered,
  chipsRemovable,
  onClearFilters,
  onTryAi,
}: {
  state: SearchState;
  filtered: boolean;
  chipsRemovable: boolean;
  onClearFilters: () => void;
  onTryAi: () => void;
}) {
  const prompt = state.prompt.trim();
  const tips: string[] = [];
  if (chipsRemovable) tips.push('removing a filter read from your prompt');
  if (filtered) tips.push('clearing the filters');
  if (prompt && state.engine === 'standard') tips.push('describing it in your own words with AI search');
  if (prompt) tips.push('using fewer or different words');
  return (
    <EmptyState
      icon={<SearchX />}
      title={prompt ? `No results for “${prompt}”` : 'No results for these filters'}
      description={tips.length ? `Try ${joinTips(tips)}.` : 'Try another search.'}
      role="status"
      headingLevel={3}
      compact
      actions={
        <>
          {filtered ? (
            <Button variant="secondary" onClick={onClearFilters} data-testid="search-empty-clear">
              Clear filters
            </Button>
          ) : null}
          {prompt && state.engine === 'standard' ? (
            <Button variant="primary" icon={<Sparkles />} onClick={onTryAi} data-testid="search-empty-ai">
              Try AI search
            </Button>
          ) : null}
        </>
      }
      className={styles.state}
    />
  );
}

function joinTips(tips: string[]): string {
  if (tips.length === 1) return tips[0]!;
  return `${tips.slice(0, -1).join(', ')} or ${tips[tips.length - 1]}`;
}

/** The search failed: say what happened in plain words, offer a retry (and standard search when AI is down). */
export function SearchError({
  failure,
  engine,
  onRetry,
  onUseStandard,
}: {
  failure: SearchFailure;
  engine: SearchState['engine'];
  onRetry: () => void;
  onUseStandard: () => void;
}) {
  const aiDown = engine === 'ai' && failure.status === 503;
  const invalid = failure.status === 400;
  return (
    <EmptyState
      icon={<AlertTriangle />}
      title={
        aiDown
          ? 'AI search is unavailable right now'
          : invalid
            ? 'This search cannot be run'
            : 'The search did not go through'
      }
      description={
        aiDown
          ? 'Standard search still works: it matches titles, artists, genres, moods and tags.'
          : invalid
            ? failure.message
            : 'Check your connection and try again.'
      }
      role="alert"
      headingLevel={3}
      compact
      actions={
        <>
          {invalid ? null : (
            <Button variant="secondary" icon={<RotateCcw />} onClick={onRetry} data-testid="search-retry">
              Try again
            </Button>
          )}
          {aiDown ? (
            <Button onClick={onUseStandard} data-testid="search-use-standard">
              Use standard search
            </Button>
          ) : null}
        </>
      }
      className={styles.state}
    />
  );
}

/** Pages of 30 (AI: of its best 100), as buttons: the overlay's page lives in its own URL key. */
export function SearchPager({
  state,
  count,
  shown,
  onPage,
}: {
  state: SearchState;
  count: number;
  shown: number;
  onPage: (page: number) => void;
}): ReactNode {
  const total = pageCount(count, state.engine);
  const skip = (state.page - 1) * SEARCH_PAGE_SIZE;
  const reachable = state.engine === 'ai' ? Math.min(count, total * SEARCH_PAGE_SIZE) : count;
  return (
    <nav className={styles.pager} aria-label="Result pages" data-testid="search-pager">
      <p className={styles.pagerStatus} aria-live="polite">
        {showingText(skip, shown, reachable)}
      </p>
      {total > 1 ? (
        <div className={styles.pagerControls}>
          <button
            type="button"
            className={styles.step}
            disabled={state.page <= 1}
            onClick={() => onPage(state.page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            <span>Previous</span>
          </button>
          <ol role="list" className={styles.pages}>
            {pageWindow(state.page, total).map((page, i) =>
              page === null ? (
                <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={page}>
                  <button
                    type="button"
                    className={cx(styles.page, page === state.page && styles.current)}
                    aria-current={page === state.page ? 'page' : undefined}
                    aria-label={`Page ${page}`}
                    onClick={() => onPage(page)}
                  >
                    {page}
                  </button>
                </li>
              ),
            )}
          </ol>
          <button
            type="button"
            className={styles.step}
            disabled={state.page >= total}
            onClick={() => onPage(state.page + 1)}
            data-testid="search-next-page"
          >
            <span>Next</span>
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </nav>
  );
}
