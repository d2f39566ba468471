import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { Check, Search } from 'lucide-react';
import styles from './checkbox-facet.module.css';

/** `count`: how many results choosing it leaves (search facets); an unchosen option with 0 is disabled. */
export type FacetOption = { id: string; name: string; count?: number };

export type CheckboxFacetProps = {
  /** e.g. "Mood": the fieldset's legend. */
  label: string;
  options: FacetOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Show a filter box above long lists. */
  searchable?: boolean;
  columns?: 1 | 2;
  testId?: string;
};

/** A multi-select as a fieldset of checkboxes (native semantics, fully keyboard-usable). */
export function CheckboxFacet({
  label,
  options,
  selected,
  onChange,
  searchable,
  columns = 2,
  testId,
}: CheckboxFacetProps) {
  const [query, setQuery] = useState('');
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const searchId = useId();
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.name.toLowerCase().includes(q)) : options;
  const isSearchable = searchable ?? options.length > 12;

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  }

  return (
    <fieldset className={styles.root} data-testid={testId}>
      <legend className={styles.legend}>{label}</legend>
      {isSearchable ? (
        <div className={styles.search}>
          <Search aria-hidden="true" />
          <label htmlFor={searchId} className="visually-hidden">
            {t('facet.search', { label: label.toLowerCase() })}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={t('facet.search', { label: label.toLowerCase() })}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            autoComplete="off"
          />
        </div>
      ) : null}
      {options.length === 0 ? (
        <p className={styles.none}>{t('facet.noOptions')}</p>
      ) : shown.length === 0 ? (
        <p className={styles.none}>{t('facet.noMatch', { query })}</p>
      ) : (
        <ul role="list" className={styles.options} data-columns={columns}>
          {shown.map((option) => {
            const checked = selected.includes(option.id);
            const empty = option.count === 0 && !checked;
            return (
              <li key={option.id}>
                <label className={styles.option} data-empty={empty || undefined}>
                  <input
                    type="checkbox"
                    className={styles.input}
                    checked={checked}
                    disabled={empty}
                    value={option.id}
                    onChange={(e) => toggle(option.id, e.currentTarget.checked)}
                  />
                  <span className={styles.box} aria-hidden="true">
                    <Check />
                  </span>
                  <span className={styles.name}>{option.name}</span>
                  {option.count !== undefined ? (
                    <span className={styles.count} data-testid="facet-count">
                      <span className="visually-hidden">, </span>
                      {number(option.count)}
                      <span className="visually-hidden"> {t('facet.results', { count: option.count })}</span>
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
