import { useId } from 'react';
import { Form, useLocation } from 'react-router';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/ui/cx';
import { LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';
import { usePageLanguage } from '../../i18n/page-texts';
import styles from './footer.module.css';

/**
 * "Language: English · Polski" beside the edition switch (issue 15, decision 075). Each choice posts
 * to /language, which remembers it for a year and loads the same page again in that language: a whole
 * document load, so every text, price and date on the page change together.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const { pathname, search, hash } = useLocation();
  const current = usePageLanguage();
  const labelId = useId();
  return (
    <Form method="post" action="/language" reloadDocument data-testid="language-switch">
      <input type="hidden" name="path" value={pathname + search + hash} />
      {/* The group, not the form, carries the name: a form may not take the group role. */}
      <div role="group" aria-labelledby={labelId} className={styles.editionSwitch}>
        <span className={styles.editionLabel} id={labelId}>
          <Languages aria-hidden="true" />
          {t('language.label')}
        </span>
        {LANGUAGES.map((language, index) => (
          <span key={language} className={styles.editionItem}>
            {index > 0 ? <span aria-hidden="true">·</span> : null}
            <button
              type="submit"
              name="language"
              value={language}
              lang={language}
              aria-pressed={current === language}
              className={cx(styles.editionButton, current === language && styles.editionCurrent)}
              data-testid={`language-${language}`}
            >
              {LANGUAGE_NAMES[language]}
            </button>
          </span>
        ))}
      </div>
    </Form>
  );
}
