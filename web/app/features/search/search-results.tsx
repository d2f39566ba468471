import { forwardRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFormat } from '../../i18n/format';
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
import { chipLabel } from './chip-label';
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
  const { t, i18n } = useTranslation('search');
  if (!chips.length && !ignored) return null;
  const hasText = (key: string) => i18n.exists(key, { ns: 'search' });
  return (
    <div className={styles.chipsRow} data-testid="search-chips">
      <span className={styles.chipsLabel}>
        <Sparkles aria-hidden="true" />
        {t('chips.understoodAs')}
      </span>
      <ul role="list" className={styles.chips} aria-label={t('chips.label')}>
        {chips.map((chip) => {
          const label = chipLabel(chip, t, hasText);
          return (
            <li key={chip.id}>
              <RemovableChip
                size="sm"
                onRemove={() => onRemove(chip)}
                removeLabel={t('chips.remove', { label, words: chip.words })}
                className={styles.promptChip}
              >
                <span title={t('chips.from', { words: chip.words })} data-testid="search-chip" data-chip-id={chip.id}>
                  {label}
                </span>
              </RemovableChip>
            </li>
          );
        })}
      </ul>
      {ignored > 0 ? (
        <button type="button" className={styles.restore} onClick={onRestore} data-testid="search-chips-restore">
          <RotateCcw aria-hidden="true" />
          {t('chips.restore', { count: ignored })}
        </button>
      ) : null}
    </div>
  );
}

/** "Why it matched", compact and literal: the prompt's filters this track meets, and its closest words. */
export function MatchReason({ explanation, chips }: { explanation: SearchExplanation; chips: SearchChip[] }) {
  const { t, i18n } = useTranslation('search');
  const hasText = (key: string) => i18n.exists(key, { ns: 'search' });
  const met = explanation.chips.flatMap((id) => {
    const chip = chips.find((c) => c.id === id);
    return chip ? [chipLabel(chip, t, hasText)] : [];
  });
  const words = explanation.closest.slice(0, 3);
  if (!met.length && !words.length) return null;
  const quoted = words.map((w) => t('reason.quoted', { word: w })).join(', ');
  const full = [
    met.length ? `${t('reason.matches')} ${met.join(' · ')}` : '',
    words.length ? `${t('reason.closeTo')} ${quoted}` : '',
  ]
    .filter(Boolean)
    .join(' — ');
  return (
    <span className={styles.reason} title={full} data-testid="match-reason">
      {met.length ? (
        <span>
          <span className={styles.reasonKey}>{t('reason.matches')}</span> {met.join(' · ')}
        </span>
      ) : null}
      {met.length && words.length ? <span aria-hidden="true"> — </span> : null}
      {words.length ? (
        <span>
          <span className={styles.reasonKey}>{t('reason.closeTo')}</span> {quoted}
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
  const { t } = useTranslation('search');
  return (
    <ul
      ref={ref}
      role="list"
      aria-label={t('resultsLabel')}
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
  const { t } = useTranslation('search');
  const prompt = state.prompt.trim();
  const tips: string[] = [];
  if (chipsRemovable) tips.push(t('empty.tipChip'));
  if (filtered) tips.push(t('empty.tipFilters'));
  if (prompt && state.engine === 'standard') tips.push(t('empty.tipAi'));
  if (prompt) tips.push(t('empty.tipWords'));
  return (
    <EmptyState
      icon={<SearchX />}
      title={prompt ? t('empty.titlePrompt', { prompt }) : t('empty.titleFilters')}
      description={tips.length ? t('empty.try', { tips: joinTips(tips, t) }) : t('empty.tryAnother')}
      role="status"
      headingLevel={3}
      compact
      actions={
        <>
          {filtered ? (
            <Button variant="secondary" onClick={onClearFilters} data-testid="search-empty-clear">
              {t('filters.clear')}
            </Button>
          ) : null}
          {prompt && state.engine === 'standard' ? (
            <Button variant="primary" icon={<Sparkles />} onClick={onTryAi} data-testid="search-empty-ai">
              {t('empty.tryAi')}
            </Button>
          ) : null}
        </>
      }
      className={styles.state}
    />
  );
}

function joinTips(tips: string[], t: TFunction<'search'>): string {
  if (tips.length === 1) return tips[0]!;
  return t('empty.or', { items: tips.slice(0, -1).join(', '), last: tips[tips.length - 1] });
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
  const { t } = useTranslation('search');
  const aiDown = engine === 'ai' && failure.status === 503;
  const invalid = failure.status === 400;
  return (
    <EmptyState
      icon={<AlertTriangle />}
      title={aiDown ? t('error.aiDownTitle') : invalid ? t('error.invalidTitle') : t('error.failedTitle')}
      description={
        aiDown
          ? t('error.aiDownDescription')
          : invalid
            ? // The API's 400 message is English; the page says the same in its own language.
              t('error.invalidDescription')
            : t('error.failedDescription')
      }
      role="alert"
      headingLevel={3}
      compact
      actions={
        <>
          {invalid ? null : (
            <Button variant="secondary" icon={<RotateCcw />} onClick={onRetry} data-testid="search-retry">
              {t('error.retry')}
            </Button>
          )}
          {aiDown ? (
            <Button onClick={onUseStandard} data-testid="search-use-standard">
              {t('error.useStandard')}
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
  return <SearchPagerNav state={state} total={total} skip={skip} shown={shown} reachable={reachable} onPage={onPage} />;
}

function SearchPagerNav({
  state,
  total,
  skip,
  shown,
  reachable,
  onPage,
}: {
  state: SearchState;
  total: number;
  skip: number;
  shown: number;
  reachable: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <nav className={styles.pager} aria-label={t('pager.resultPages')} data-testid="search-pager">
      <p className={styles.pagerStatus} aria-live="polite">
        {showingText(t, number, skip, shown, reachable)}
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
            <span>{t('pager.previous')}</span>
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
                    aria-label={t('pager.page', { page: number(page) })}
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
            <span>{t('pager.next')}</span>
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </nav>
  );
}
