import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { BREAKPOINTS } from '../../components/ui/breakpoints';
import { preloadSearchOverlay } from './search-launcher';
import { openSearch } from './search-open-store';
import styles from './header-search.module.css';

/** Below the large breakpoint the header has no room for the bar: the search icon stands in for it. */
export const COMPACT_HEADER_QUERY = `(max-width: ${BREAKPOINTS.large - 1}px)`;

/** Whether the header is in its compact (icon-only) search form; false on the server. */
export function useCompactHeader(): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.(COMPACT_HEADER_QUERY);
    if (!query) return;
    const update = () => setCompact(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return compact;
}

/**
 * The header's search bar (desktop, spec §2). A real text field: a click opens the overlay, and what
 * is typed into it is handed over to the overlay's prompt (which takes the focus), so typing flows
 * on without a break. Tabbing through the header does not open anything until a key is typed.
 */
export function HeaderSearchBar({ className }: { className?: string }) {
  const [value, setValue] = useState('');
  const { t } = useTranslation('search');
  return (
    <div className={className}>
      <div className={styles.bar} onPointerEnter={preloadSearchOverlay}>
        <Search aria-hidden="true" className={styles.icon} />
        <input
          type="search"
          className={styles.input}
          aria-label={t('header.label')}
          placeholder={t('header.placeholder')}
          value={value}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setValue(text);
            openSearch({ prefill: text, opener: event.currentTarget });
          }}
          onClick={(event) => openSearch({ prefill: value || undefined, opener: event.currentTarget })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'ArrowDown') {
              event.preventDefault();
              openSearch({ prefill: value || undefined, opener: event.currentTarget });
            }
          }}
          onFocus={preloadSearchOverlay}
          // The overlay took over what was typed: start empty next time.
          onBlur={() => setValue('')}
          data-testid="header-search-bar"
        />
        <kbd className={styles.kbd} aria-hidden="true" title={t('header.shortcut')}>
          /
        </kbd>
      </div>
    </div>
  );
}
