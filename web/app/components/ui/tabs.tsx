import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { PrefetchLink, PrefetchNavLink } from './prefetch-link';
import { cx } from './cx';
import styles from './tabs.module.css';

export type LinkTab = {
  to: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Only active on an exact path match (NavLink `end`). */
  end?: boolean;
  /** Intercept the click (e.g. to open a sign-in modal instead of navigating). */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Overrides NavLink's own active matching. */
  active?: boolean;
  testId?: string;
};

export type LinkTabsProps = {
  tabs: LinkTab[];
  /** Accessible name of the navigation landmark. */
  'aria-label': string;
  variant?: 'pills' | 'underline';
  className?: string;
};

/**
 * Navigation tabs: a <nav> of links where the current page gets aria-current="page". Links, not
 * role="tab", because each tab is a separate URL.
 */
export function LinkTabs({ tabs, variant = 'pills', className, 'aria-label': ariaLabel }: LinkTabsProps) {
  return (
    <nav aria-label={ariaLabel} className={className}>
      <ul role="list" className={cx(styles.list, styles[variant])}>
        {tabs.map((tab) => (
          <li key={tab.to} style={{ display: 'contents' }}>
            {tab.active === undefined ? (
              <PrefetchNavLink
                to={tab.to}
                end={tab.end}
                onClick={tab.onClick}
                data-testid={tab.testId}
                className={({ isActive }) => cx(styles.tab, isActive && styles.active)}
              >
                {tab.icon ? <span aria-hidden="true">{tab.icon}</span> : null}
                {tab.label}
              </PrefetchNavLink>
            ) : (
              <PrefetchLink
                to={tab.to}
                onClick={tab.onClick}
                data-testid={tab.testId}
                aria-current={tab.active ? 'page' : undefined}
                className={cx(styles.tab, tab.active && styles.active)}
              >
                {tab.icon ? <span aria-hidden="true">{tab.icon}</span> : null}
                {tab.label}
              </PrefetchLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type Tab<V extends string> = { value: V; label: ReactNode; icon?: ReactNode; controls?: string };

export type TabsProps<V extends string> = {
  tabs: Tab<V>[];
  value: V;
  onChange: (value: V) => void;
  'aria-label': string;
  variant?: 'pills' | 'underline';
  className?: string;
  /** Prefix for tab element ids, so panels can point back with aria-labelledby={`${idPrefix}-${value}`}. */
  idPrefix?: string;
};

/**
 * In-page tabs (WAI-ARIA tabs pattern): role="tablist", roving tabindex, arrow keys / Home / End
 * move and select. Render the panel yourself with role="tabpanel".
 */
export function Tabs<V extends string>({
  tabs,
  value,
  onChange,
  variant = 'pills',
  className,
  idPrefix,
  'aria-label': ariaLabel,
}: TabsProps<V>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={ariaLabel}
      className={cx(styles.list, styles[variant], className)}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, i) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={idPrefix ? `${idPrefix}-${tab.value}` : undefined}
            aria-selected={selected}
            aria-controls={tab.controls}
            tabIndex={selected ? 0 : -1}
            className={cx(styles.tab, selected && styles.active)}
            onClick={() => onChange(tab.value)}
          >
            {tab.icon ? <span aria-hidden="true">{tab.icon}</span> : null}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
